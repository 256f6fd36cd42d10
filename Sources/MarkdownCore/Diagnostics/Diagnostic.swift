/// Something the library could not do as asked, and the fallback it used instead: the library's typed
/// findings, emitted to a `DiagnosticSink` (like swift-format's `Finding`s) rather than printed.
///
/// The command prints each as `mdview: <subject>: <reason>` with `--verbose`. Every case names a
/// fallback that keeps the document readable, so none of them is an error of the whole run.
public enum Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// A code block was shown without colours: its language could not be highlighted.
    case codeShownPlain(language: String, reason: String)
    /// An image was shown as its alt text: it could not be loaded, decoded or drawn.
    case imageShownAsText(source: String, reason: String)
    /// How this run draws pictures (`kitty`, `iterm`, `sixel`, `blocks`, `none`) and why: what the
    /// terminal answered, tmux's passthrough, or the flag that forced it.
    case imageOutput(output: String, reason: String)
    /// A formula was shown as its TeX source: it could not be typeset.
    case mathShownAsSource(formula: String, reason: String)
    /// A Mermaid diagram was shown as its source: its type or syntax is not drawn, or it does not fit.
    case diagramShownAsSource(diagram: String, reason: String)
    /// The end of a line was shown as plain text, its markup not read: the line is too long to parse
    /// at once and has no place to cut it (`line` counts from 1).
    case textShownPlain(line: Int, reason: String)

    /// What the finding is about (`highlight`, `image logo.png`).
    public var subject: String {
        switch self {
        case .codeShownPlain: return "highlight"
        case .imageShownAsText(let source, _): return "image \(source)"
        case .imageOutput(let output, _): return "images: \(output)"
        case .mathShownAsSource(let formula, _):
            // A long formula is named by its start.
            let shown = formula.count > 40 ? formula.prefix(39) + "…" : Substring(formula)
            return "math `\(shown.split(whereSeparator: \.isNewline).joined(separator: " "))`"
        case .diagramShownAsSource(let diagram, _):
            return "mermaid `\(MermaidDiagram.type(of: diagram) ?? "")`"
        case .textShownPlain(let line, _):
            return "line \(line)"
        }
    }

    /// Why, and what to do about it when the user can do something.
    public var reason: String {
        switch self {
        case .codeShownPlain(_, let reason), .imageShownAsText(_, let reason), .imageOutput(_, let reason),
            .mathShownAsSource(_, let reason), .diagramShownAsSource(_, let reason), .textShownPlain(_, let reason):
            return reason
        }
    }

    /// `<subject>: <reason>`, the message without the program name.
    public var description: String { "\(subject): \(reason)" }
}
