/// Reads tokens into a `MathFormula`: groups, scripts, commands, environments, `\left…\right`.
///
/// Recursion is bounded by `maximumDepth` (a deeper formula fails as `.tooDeep` before it can exhaust the
/// stack), and every token is read once, so any input costs linear time.
struct MathParser {
    static let maximumDepth = 64

    /// Where a list of nodes stops, and why.
    enum Terminator: Equatable {
        case end
        case close
        case alignment
        case newline
        case bracket
        case endEnvironment(String)
        case right(String)
    }

    /// What the list being read is inside: decides which terminators end it.
    enum Context: Equatable {
        case root
        case group
        case environment
        case left
        case bracket
    }

    let tokens: [MathToken]
    var index = 0
    var depth = 0
    /// The font letters are set in (`\mathbb{…}`), the generated table's name; nil for none.
    var font: String?
    /// Letters upright (`\mathrm{…}`, `\operatorname{…}`).
    var upright = false
    var tag: String?

    init(tokens: [MathToken]) {
        self.tokens = tokens
    }

    /// Parses a whole formula.
    static func parse(_ source: String) throws(MathFailure) -> MathFormula {
        let bytes = source.utf8.count
        if bytes > MathTypesetter.maximumBytes { throw .tooLarge(bytes: bytes) }
        guard let tokens = MathTokenizer.tokens(source) else { throw .unbalancedBraces }
        var parser = MathParser(tokens: tokens)
        do {
            let body = try parser.parseRoot()
            return MathFormula(body: body, tag: parser.tag)
        } catch let failure as MathFailure {
            throw failure
        } catch {
            throw .unbalancedBraces
        }
    }

    mutating func parseRoot() throws -> MathNode {
        // Most formulas are one row with no `&` or `\\`: their list is the formula, with no rows of cells
        // made for it.
        let first = try parseList(.root)
        if first.terminator == .end { return .row(first.nodes) }
        let (rows, horizontalRules, terminator) = try parseRows(.root, first: first)
        switch terminator {
        case .end: break
        case .endEnvironment(let name): throw MathFailure.unmatchedEnd(name)
        case .right: throw MathFailure.unmatchedRight
        default: throw MathFailure.unbalancedBraces
        }
        if rows.count == 1, rows[0].count == 1 { return rows[0][0] }
        let aligned = rows.contains { $0.count > 1 }
        var grid = MathGrid(kind: aligned ? .aligned : .gathered, rows: rows)
        grid.horizontalRules = horizontalRules
        return .grid(grid)
    }

    // MARK: Tokens

    var current: MathToken? { index < tokens.count ? tokens[index] : nil }

    mutating func skipSpaces() {
        while index < tokens.count, tokens[index] == .space { index += 1 }
    }

    /// The next token that is not a space, consumed.
    mutating func nextSignificant() -> MathToken? {
        skipSpaces()
        guard index < tokens.count else { return nil }
        defer { index += 1 }
        return tokens[index]
    }

    mutating func enter() throws {
        depth += 1
        if depth > Self.maximumDepth { throw MathFailure.tooDeep }
    }

    // MARK: Lists

    /// Rows of cells separated by `&` and `\\`, up to the terminator that ends the context.
    /// `first` is the first cell's list when the caller has read it already.
    mutating func parseRows(
        _ context: Context, first: (nodes: [MathNode], terminator: Terminator, hlines: Int)? = nil
    ) throws -> ([[MathNode]], [Int], Terminator) {
        var rows: [[MathNode]] = []
        var cells: [MathNode] = []
        var horizontalRules: [Int] = []
        var pending = first
        while true {
            let (nodes, terminator, hlines) = try pending ?? parseList(context)
            pending = nil
            if hlines > 0 { horizontalRules.append(rows.count) }
            cells.append(.row(nodes))
            switch terminator {
            case .alignment:
                continue
            case .newline:
                rows.append(cells)
                cells = []
            default:
                let trailingEmpty = cells.count == 1 && cells[0] == .row([]) && !rows.isEmpty
                if !trailingEmpty { rows.append(cells) }
                return (rows, horizontalRules, terminator)
            }
        }
    }

    /// Nodes up to the next terminator; the count of `\hline` seen is returned for grids.
    mutating func parseList(_ context: Context) throws -> (nodes: [MathNode], terminator: Terminator, hlines: Int) {
        var nodes: [MathNode] = []
        // A formula's top-level list is the long one: sized for it once rather than grown step by step.
        // Other lists (a group, a cell) mostly hold one to four nodes: one allocation rather than three.
        nodes.reserveCapacity(context == .root ? min(tokens.count - index, 32) : 4)
        var hlines = 0
        while true {
            guard let token = nextSignificant() else { return (nodes, .end, hlines) }
            switch token {
            case .close:
                return (nodes, .close, hlines)
            case .alignment:
                if context == .root || context == .environment { return (nodes, .alignment, hlines) }
                nodes.append(.atom(MathAtom("&", .source)))
            case .superscript, .subscript, .prime:
                try attachScript(token, to: &nodes)
            case .character("]") where context == .bracket:
                return (nodes, .bracket, hlines)
            case .command(let name) where !Self.endsOrMarksList(name):
                // Most commands are symbols and constructs: told apart from the few that end or mark a
                // list by their first letter, rather than compared with each of those in turn.
                if let node = try parseAtom(token, single: false) { nodes.append(node) }
            case .command("\\"), .command("cr"), .command("newline"):
                if context == .root || context == .environment {
                    skipOptionalArgument()
                    return (nodes, .newline, hlines)
                }
                if context != .group { nodes.append(.atom(MathAtom("\\\\", .source))) }
            case .command("limits"), .command("nolimits"):
                if case .atom(var atom)? = nodes.last, atom.mathClass == .operator || atom.mathClass == .function {
                    atom.limits = token == .command("limits")
                    nodes[nodes.count - 1] = .atom(atom)
                }
            case .command("hline"), .command("midrule"), .command("toprule"), .command("bottomrule"):
                hlines += 1
            case .command("end"):
                let name = try rawArgument("\\end")
                return (nodes, .endEnvironment(name), hlines)
            case .command("right"):
                let delimiter = try readDelimiter("\\right")
                return (nodes, .right(delimiter), hlines)
            default:
                if let node = try parseAtom(token, single: false) { nodes.append(node) }
            }
        }
    }

    /// Whether `name` may be one of the commands `parseList` handles itself (`\\`, `\cr`, `\newline`,
    /// `\limits`, `\nolimits`, the rules, `\end`, `\right`), judged by its first letter and length.
    static func endsOrMarksList(_ name: String) -> Bool {
        let utf8 = name.utf8
        guard let first = utf8.first else { return false }
        switch (first, utf8.count) {
        case (UInt8(ascii: "\\"), 1), (UInt8(ascii: "c"), 2), (UInt8(ascii: "n"), 7), (UInt8(ascii: "n"), 8),
            (UInt8(ascii: "l"), 6), (UInt8(ascii: "h"), 5), (UInt8(ascii: "m"), 7), (UInt8(ascii: "t"), 7),
            (UInt8(ascii: "b"), 10), (UInt8(ascii: "e"), 3), (UInt8(ascii: "r"), 5):
            return true
        default:
            return false
        }
    }

    /// A braced group's contents, checked to end at its `}`.
    mutating func parseGroup() throws -> MathNode {
        try enter()
        defer { depth -= 1 }
        let (nodes, terminator, _) = try parseList(.group)
        switch terminator {
        case .close: return .row(nodes)
        case .endEnvironment(let name): throw MathFailure.unmatchedEnd(name)
        case .right: throw MathFailure.unmatchedRight
        default: throw MathFailure.unbalancedBraces
        }
    }

    /// One argument: a braced group or a single token.
    mutating func parseArgument(_ command: String) throws -> MathNode {
        guard let token = nextSignificant() else { throw MathFailure.missingArgument(command) }
        switch token {
        case .open:
            return try parseGroup()
        case .close, .alignment, .superscript, .subscript, .command("\\"), .command("end"), .command("right"):
            throw MathFailure.missingArgument(command)
        default:
            return try parseAtom(token, single: true) ?? .row([])
        }
    }

    /// `[…]` after a command, parsed as math; nil when there is none.
    mutating func parseOptionalArgument() throws -> MathNode? {
        skipSpaces()
        guard current == .character("[") else { return nil }
        index += 1
        try enter()
        defer { depth -= 1 }
        let (nodes, terminator, _) = try parseList(.bracket)
        guard terminator == .bracket else { throw MathFailure.missingArgument("[") }
        return .row(nodes)
    }

    /// Skips `[…]` when it is the spacing of `\\[2pt]` (a length) or, with `alignment`, a matrix's
    /// `[r]`; anything else in brackets is content and stays.
    mutating func skipOptionalArgument(alignment: Bool = false) {
        var look = index
        while look < tokens.count, tokens[look] == .space { look += 1 }
        guard look < tokens.count, tokens[look] == .character("[") else { return }
        var text = String.UnicodeScalarView()
        var end = look + 1
        while end < tokens.count, tokens[end] != .character("]") {
            guard case .character(let scalar) = tokens[end], end - look < 16 else {
                if tokens[end] == .space {
                    end += 1
                    continue
                }
                return
            }
            text.append(scalar)
            end += 1
        }
        guard end < tokens.count, Self.isLength(text) || (alignment && Self.isAlignment(text)) else { return }
        index = end + 1
    }

    /// `2pt`, `-1.5em`, `3mm`: a number and a two-letter unit.
    static func isLength(_ text: String.UnicodeScalarView) -> Bool {
        let scalars = Array(text)
        guard scalars.count >= 3 else { return false }
        let unit = String(String.UnicodeScalarView(scalars.suffix(2)))
        guard ["pt", "em", "ex", "mm", "cm", "in", "mu", "bp", "pc", "dd", "sp"].contains(unit) else { return false }
        let number = scalars.dropLast(2)
        return number.contains { ("0"..."9").contains($0) }
            && number.allSatisfy { ("0"..."9").contains($0) || $0 == "." || $0 == "-" || $0 == "+" }
    }

    static func isAlignment(_ text: String.UnicodeScalarView) -> Bool {
        text.count == 1 && text.allSatisfy { "lcrtb".unicodeScalars.contains($0) }
    }

    /// A braced argument read as plain text (`\text{…}`, `\begin{…}`, `\tag{…}`).
    mutating func rawArgument(_ command: String) throws -> String {
        guard let first = nextSignificant() else { throw MathFailure.missingArgument(command) }
        guard first == .open else {
            var text = ""
            append(first, to: &text)
            return text
        }
        var text = ""
        var level = 1
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token {
            case .open: level += 1
            case .close:
                level -= 1
                if level == 0 { return text }
            default: append(token, to: &text)
            }
        }
        throw MathFailure.unbalancedBraces
    }

    /// A token as text mode shows it.
    func append(_ token: MathToken, to text: inout String) {
        switch token {
        case .command(let name):
            switch name {
            case " ", ",", ";", ":", "quad", "qquad", "enspace": text += " "
            case "{", "}", "_", "%", "$", "&", "#": text += name
            case "textbackslash": text += "\\"
            case "ldots", "dots": text += "…"
            default: text += "\\" + name
            }
        case .open: text += "{"
        case .close: text += "}"
        case .superscript: text += "^"
        case .subscript: text += "_"
        case .alignment: text += "&"
        case .prime: text += "'"
        case .tie: text += "\u{A0}"
        case .space: text += " "
        case .character(let scalar): text.unicodeScalars.append(scalar)
        }
    }

    // MARK: Scripts

    mutating func attachScript(_ token: MathToken, to nodes: inout [MathNode]) throws {
        let last = nodes.popLast()
        var base: MathNode
        var sup: MathNode?
        var sub: MathNode?
        if case .scripts(let b, let p, let s)? = last {
            base = b
            sup = p
            sub = s
        } else {
            base = last ?? .row([])
        }
        switch token {
        case .prime:
            var primes = 1
            while current == .prime {
                primes += 1
                index += 1
            }
            let mark = primes == 1 ? "′" : primes == 2 ? "″" : primes == 3 ? "‴" : String.repeated("′", count: primes)
            let atom = MathNode.atom(MathAtom(mark, .symbol))
            if let existing = sup {
                sup = .row([existing, atom])
            } else {
                sup = atom
            }
        case .superscript:
            let script = try parseArgument("^")
            if let existing = sup {
                guard Self.isPrimes(existing) else { throw MathFailure.doubleScript }
                sup = .row([existing, script])
            } else {
                sup = script
            }
        default:
            let script = try parseArgument("_")
            guard sub == nil else { throw MathFailure.doubleScript }
            sub = script
        }
        if case .brace(let content, nil, let over) = base, sub == nil || sup == nil {
            let label = over ? sup : sub
            if let label, (over ? sub : sup) == nil {
                nodes.append(.brace(content, label: label, over: over))
                return
            }
        }
        nodes.append(.scripts(base: base, sup: sup, sub: sub))
    }

    static func isPrimes(_ node: MathNode) -> Bool {
        if case .atom(let atom) = node {
            return atom.text.unicodeScalars.allSatisfy { "′″‴".unicodeScalars.contains($0) }
        }
        return false
    }
}
