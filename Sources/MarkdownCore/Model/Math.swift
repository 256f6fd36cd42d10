/// Math inside a paragraph, heading or table cell: TeX as written between its delimiters.
///
/// The parser finds it at the precedence of a code span, so nothing inside is read as Markdown.
/// Layout typesets it (`--math render`) or shows it as written (`--math source`).
public struct MathSpan: Equatable, Sendable {
    /// The delimiters the document used.
    public enum Delimiter: Equatable, Sendable {
        /// `$…$`
        case dollar
        /// `` $`…`$ `` (GitHub's form that never collides with prose dollars)
        case dollarBacktick
        /// `\(…\)`
        case parenthesis
        /// `$$…$$` inside a paragraph: display style, on lines of its own where the paragraph allows.
        case doubleDollar
    }

    /// The TeX between the delimiters.
    public var source: String
    public var delimiter: Delimiter

    public init(source: String, delimiter: Delimiter) {
        self.source = source
        self.delimiter = delimiter
    }

    /// Display style (`$$…$$`): laid out on its own lines when it stands in a paragraph.
    public var isDisplay: Bool { delimiter == .doubleDollar }

    /// The formula with its delimiters, as the document wrote it.
    public var written: String {
        switch delimiter {
        case .dollar: return "$" + source + "$"
        case .dollarBacktick: return "$`" + source + "`$"
        case .parenthesis: return "\\(" + source + "\\)"
        case .doubleDollar: return "$$" + source + "$$"
        }
    }
}

/// A display formula standing as a block: `$$ … $$` or `\[ … \]` starting a line, a display
/// environment (`\begin{align} … \end{align}`) written without delimiters, or a ```` ```math ```` fence.
public struct MathBlock: Equatable, Sendable {
    /// How the document delimited the formula.
    public enum Delimiter: Equatable, Sendable {
        /// `$$ … $$`
        case dollars
        /// `\[ … \]`
        case brackets
        /// `\begin{name} … \end{name}`, the environment part of the source.
        case environment(String)
        /// A fenced code block whose info string is `math`.
        case fence
    }

    /// The TeX (for an environment, its `\begin … \end` included).
    public var source: String
    public var delimiter: Delimiter
    /// Whether its closing delimiter was found. An open formula is shown as its source.
    public var isClosed: Bool

    public init(source: String, delimiter: Delimiter, isClosed: Bool = true) {
        self.source = source
        self.delimiter = delimiter
        self.isClosed = isClosed
    }

    /// A `$$…$$` found inside a paragraph, standing on its own lines.
    public init(_ span: MathSpan) {
        self.init(source: span.source, delimiter: .dollars)
    }

    /// The formula's lines with their delimiters, as the document wrote them (for `--math source`).
    public var writtenLines: [Substring] {
        let written: String
        switch delimiter {
        case .dollars: written = "$$" + source + (isClosed ? "$$" : "")
        case .brackets: written = "\\[" + source + (isClosed ? "\\]" : "")
        case .environment, .fence: written = source
        }
        var lines = written.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
