/// The linear (one-row) form of a formula, for inline math and for display math too wide for its picture:
/// Unicode scripts where every character has one (`x²`, `aₙ₊₁`), otherwise `x^(k+1)`; `a⁄b` or
/// `(a+b)/(c+d)`; `√x`, `√(x+1)`; matrices as `(a, b; c, d)`.
///
/// Spaces are U+00A0 except after a top-level relation or binary operator, where a U+0020 marks the places
/// a word wrapper may break the formula.
struct MathLinearizer {
    private(set) var pieces: [MathPiece] = []
    /// Inside a script: no spacing, as TeX sets scripts tight.
    private var tight = false
    /// A script was just marked without parentheses (`x_c`): a letter or digit set right after it would
    /// read as part of it (`x_cy`), so one is kept apart by a no-break space (`x_c y`).
    private var afterMarkedScript = false

    static let noBreakSpace = "\u{A0}"

    static func pieces(_ formula: MathFormula) -> [MathPiece] {
        var linearizer = MathLinearizer()
        linearizer.pieces.reserveCapacity(16)
        linearizer.emitTop(formula.body)
        if let tag = formula.tag {
            linearizer.append(" ", .symbol)
            linearizer.append("(" + Self.textual(tag) + ")", .text)
        }
        return linearizer.pieces
    }

    /// Text with its spaces made no-break and nothing a terminal could act on.
    static func textual(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x20 }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { result.append(scalar == " " ? "\u{A0}" : scalar) }
        return String(result)
    }

    mutating func append(_ text: String, _ role: MathRole) {
        if afterMarkedScript {
            afterMarkedScript = false
            if let first = text.unicodeScalars.first, Self.continuesScript(first) {
                MathBox.append(MathPiece(text: Self.noBreakSpace, role: .symbol), to: &pieces)
            }
        }
        MathBox.append(MathPiece(text: text, role: role), to: &pieces)
    }

    /// Whether a character read right after a marked script would seem to belong to it.
    static func continuesScript(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    mutating func emitTop(_ node: MathNode) {
        switch node {
        case .row(let nodes): list(nodes, top: true)
        case .grid(let grid) where grid.kind == .aligned || grid.kind == .gathered: rows(grid, top: true)
        default: emit(node)
        }
    }

    mutating func list(_ nodes: [MathNode], top: Bool, after start: MathClass? = nil) {
        // Through a buffer, each node is read in place: read from the array, each would be copied first
        // (retaining what it holds) for the time of the call it is passed to.
        nodes.withUnsafeBufferPointer { nodes in
            MathSpacing.withClasses(of: nodes, startingAfter: start) {
                list(nodes, classes: $0, top: top, after: start)
            }
        }
    }

    private mutating func list(
        _ nodes: UnsafeBufferPointer<MathNode>, classes: UnsafeMutableBufferPointer<MathClass?>, top: Bool,
        after start: MathClass?
    ) {
        var previous = start
        for index in nodes.indices {
            guard let current = classes[index] else {
                if case .space(let columns) = nodes[index], columns > 0, !tight {
                    append(String.repeated(Self.noBreakSpace, count: columns), .symbol)
                }
                continue
            }
            if let previous, !tight {
                let gap = MathSpacing.gap(previous, current)
                if gap > 0 {
                    let breaks = top && (previous == .relation || previous == .binary)
                    append(breaks ? " " : Self.noBreakSpace, .symbol)
                }
            }
            // A fraction with something set right after it reads as one unit: `(a⁄b)c`, not `a⁄bc`.
            if case .fraction(_, _, rule: true) = nodes[index], index + 1 < nodes.count, let next = classes[index + 1],
                [.ordinary, .opening, .inner].contains(next)
            {
                emit(nodes[index], parenthesized: true)
            } else {
                emit(nodes[index])
            }
            previous = current
        }
    }

    mutating func emit(_ node: MathNode) {
        switch node {
        case .atom(let atom):
            append(atom.role == .text ? Self.textual(atom.text) : atom.text, atom.role)
        case .row(let nodes):
            list(nodes, top: false)
        case .fraction(let numerator, let denominator, let rule):
            fraction(numerator, denominator, rule: rule)
        case .radical(let body, let index):
            radical(body, index: index)
        case .scripts(let base, let sup, let sub):
            scripts(base, sup: sup, sub: sub)
        case .limits(let base, let over, let under):
            scripts(base, sup: over, sub: under)
        case .delimited(let left, .fraction(let top, let bottom, rule: false), let right)
        where left == "(" && right == ")":
            append("C", .function)
            append("(", .symbol)
            emit(top)
            append(",", .symbol)
            append(Self.noBreakSpace, .symbol)
            emit(bottom)
            append(")", .symbol)
        case .delimited(let left, let body, let right):
            append(left, .symbol)
            emit(body)
            append(right, .symbol)
        case .bigDelimiter(let delimiter, _, _):
            append(delimiter, .symbol)
        case .grid(let grid):
            rows(grid, top: false)
        case .accent(let base, let accent):
            decorated(base, combining: accent.combining, name: accent.name)
        case .overline(let body):
            decorated(body, combining: "\u{305}", name: "overline")
        case .underline(let body):
            decorated(body, combining: "\u{332}", name: "underline")
        case .brace(let body, let label, let over):
            scripts(body, sup: over ? label : nil, sub: over ? nil : label)
        case .boxed(let body):
            emit(body)
        case .space(let columns):
            if columns > 0, !tight { append(String.repeated(Self.noBreakSpace, count: columns), .symbol) }
        case .phantom(let body):
            let width = MathLinearizer.width(of: body)
            if width > 0 { append(String.repeated(Self.noBreakSpace, count: width), .symbol) }
        case .stack(let lines):
            for (index, line) in lines.enumerated() {
                if index > 0 { append(",", .symbol) }
                emit(line)
            }
        }
    }

    /// The linear form of a node on its own.
    static func linear(_ node: MathNode, tight: Bool = false) -> [MathPiece] {
        var linearizer = MathLinearizer()
        linearizer.tight = tight
        linearizer.emit(node)
        return linearizer.pieces
    }

    static func width(of node: MathNode) -> Int {
        linear(node).reduce(0) { $0 + DisplayWidth.of($1.text) }
    }

    /// Whether a node reads as one unit without parentheses: a single atom or number.
    static func isAtomic(_ node: MathNode) -> Bool {
        switch node {
        case .atom: return true
        case .row(let nodes): return nodes.count == 1 && isAtomic(nodes[0])
        case .accent(let base, _): return isAtomic(base)
        default: return false
        }
    }

    mutating func emit(_ node: MathNode, parenthesized: Bool) {
        if parenthesized { append("(", .symbol) }
        emit(node)
        if parenthesized { append(")", .symbol) }
    }

    mutating func fraction(_ numerator: MathNode, _ denominator: MathNode, rule: Bool) {
        guard rule else {
            emit(numerator)
            append(",", .symbol)
            append(Self.noBreakSpace, .symbol)
            emit(denominator)
            return
        }
        let numeratorRun = Self.isRun(numerator)
        let denominatorRun = Self.isRun(denominator)
        if numeratorRun && denominatorRun {
            emit(numerator)
            append("⁄", .symbol)
            emit(denominator)
            return
        }
        emit(numerator, parenthesized: !numeratorRun)
        append("/", .symbol)
        emit(denominator, parenthesized: !denominatorRun)
    }

    /// Whether a fraction's side reads as one unit without parentheses: an atom, or a run of letters,
    /// digits and parenthesised arguments multiplied (`dz`, `2a`, `P(B)`) with no space, operator,
    /// relation or punctuation at its top level and no fraction in it.
    static func isRun(_ node: MathNode) -> Bool {
        if isAtomic(node) { return true }
        let nodes: [MathNode]
        if case .row(let children) = node { nodes = children } else { nodes = [node] }
        guard !nodes.isEmpty else { return false }
        for child in nodes {
            switch child {
            case .atom(let atom):
                if [.binary, .relation, .punctuation, .operator].contains(atom.mathClass) { return false }
            case .fraction, .space: return false
            default:
                if [.binary, .relation, .punctuation, .operator].contains(child.mathClass) { return false }
            }
        }
        return !linear(node).contains { $0.text.contains(" ") || $0.text.contains(noBreakSpace) }
    }

    mutating func radical(_ body: MathNode, index: MathNode?) {
        if let index {
            let text = Self.linear(index, tight: true).map(\.text).joined()
            if text == "3" {
                append("∛", .symbol)
            } else if text == "4" {
                append("∜", .symbol)
            } else if let raised = MathScriptCharacters.convert(text, superscript: true) {
                append(raised, .symbol)
                append("√", .symbol)
            } else {
                append("√[", .symbol)
                emit(index)
                append("]", .symbol)
            }
        } else {
            append("√", .symbol)
        }
        emit(body, parenthesized: !Self.isAtomic(body) && !Self.isLowered(body))
    }

    /// An atom with a subscript that Unicode lowers (`dₖ`): it reads as one unit after `√`, where a raised
    /// one would not (`√x²` could be the square of `√x`).
    static func isLowered(_ node: MathNode) -> Bool {
        guard case .scripts(let base, nil, let sub?) = node.unwrapped, isAtomic(base) else { return false }
        return converts(sub, superscript: false)
    }

    mutating func scripts(_ base: MathNode, sup: MathNode?, sub: MathNode?) {
        let groupBase: Bool
        if case .row(let nodes) = base, nodes.count > 1 { groupBase = true } else { groupBase = false }
        emit(base, parenthesized: groupBase || Self.isFractionLike(base))
        // A superscript after a marked subscript is marked too: `x_c²` would read as x with the subscript
        // c² (after a lowered one, `xₖ^∞`, a marked superscript reads as it should).
        var marked = false
        if let sub { marked = script(sub, superscript: false) }
        if let sup { script(sup, superscript: true, marked: marked) }
    }

    /// Whether every character of a script's linear form has a Unicode super- or subscript.
    static func converts(_ node: MathNode, superscript: Bool) -> Bool {
        if case .atom(let atom) = node.unwrapped {
            return MathScriptCharacters.convert(atom.text, superscript: superscript) != nil
        }
        let text = linear(node, tight: true).map(\.text).joined()
        return MathScriptCharacters.convert(text, superscript: superscript) != nil
    }

    static func isFractionLike(_ node: MathNode) -> Bool {
        if case .fraction = node { return true }
        if case .radical = node { return true }
        return false
    }

    /// A script in Unicode characters when every character has one, else (or when `marked`) `^x` or
    /// `^(…)`; whether it was marked.
    @discardableResult
    mutating func script(_ node: MathNode, superscript: Bool, marked: Bool = false) -> Bool {
        // Most scripts are one atom (`x_i`, `x^2`, `k_{12}`): its text is the whole script, so no linear
        // form needs building.
        if case .atom(let atom) = node.unwrapped, !atom.text.isEmpty {
            let text = atom.role == .text ? Self.textual(atom.text) : atom.text
            if !marked, let converted = MathScriptCharacters.convert(text, superscript: superscript) {
                append(converted, atom.role)
            } else {
                appendMarkedScript([MathPiece(text: text, role: atom.role)], text: text, superscript: superscript)
                return true
            }
            return false
        }
        let inner = Self.linear(node, tight: true)
        let text = inner.count == 1 ? inner[0].text : inner.map(\.text).joined()
        if !marked, let converted = MathScriptCharacters.convert(text, superscript: superscript) {
            if inner.count == 1 {
                append(converted, inner[0].role)
                return false
            }
            // Keep the roles of the pieces: each converts on its own.
            for piece in inner {
                if let part = MathScriptCharacters.convert(piece.text, superscript: superscript) {
                    append(part, piece.role)
                }
            }
            _ = converted
            return false
        }
        appendMarkedScript(inner, text: text, superscript: superscript)
        return true
    }

    /// A script that Unicode cannot raise or lower: `^x`, `_c`, `^(k+1)`.
    private mutating func appendMarkedScript(_ inner: [MathPiece], text: String, superscript: Bool) {
        append(superscript ? "^" : "_", .symbol)
        // One character or a number reads as the script without parentheses (`x_c`, `x^10`).
        let atomic = text.count == 1 || (!text.isEmpty && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) })
        if !atomic { append("(", .symbol) }
        for piece in inner { append(piece.text, piece.role) }
        if !atomic { append(")", .symbol) }
        afterMarkedScript = atomic
    }

    /// A one-letter base takes the combining mark; a wider one reads `name(…)`.
    mutating func decorated(_ base: MathNode, combining: Unicode.Scalar, name: String) {
        if case .atom(var atom) = base.unwrapped, atom.width == 1, atom.text.count == 1 {
            atom.text.unicodeScalars.append(combining)
            if DisplayWidth.of(atom.text) == 1 {
                append(atom.text, atom.role)
                return
            }
        }
        append(name, .function)
        append("(", .symbol)
        emit(base)
        append(")", .symbol)
    }

    /// A grid: its delimiters around rows separated by `;` and cells by `,`; aligned rows are cells
    /// joined as written.
    mutating func rows(_ grid: MathGrid, top: Bool) {
        let joined = grid.kind == .aligned || grid.kind == .gathered
        var left = grid.left
        var right = grid.right
        if !joined && left.isEmpty && right.isEmpty {
            left = "["
            right = "]"
        }
        if !left.isEmpty { append(left, .symbol) }
        for (rowIndex, row) in grid.rows.enumerated() {
            if rowIndex > 0 {
                append(";", .symbol)
                append(top ? " " : Self.noBreakSpace, .symbol)
            }
            for (column, cell) in row.enumerated() {
                if column > 0 && !joined {
                    append(",", .symbol)
                    append(Self.noBreakSpace, .symbol)
                } else if column > 0 && column % 2 == 0 {
                    append(Self.noBreakSpace + Self.noBreakSpace, .symbol)
                }
                if joined, case .row(let nodes) = cell {
                    list(nodes, top: top, after: column > 0 ? .ordinary : nil)
                } else {
                    emit(cell)
                }
            }
        }
        if !right.isEmpty { append(right, .symbol) }
    }
}
