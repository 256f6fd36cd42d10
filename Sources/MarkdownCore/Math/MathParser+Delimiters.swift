/// Commands that read delimiters and stacked forms: `\not`, `\substack`, `\left … \right` and the
/// delimiters after `\big` and friends.
extension MathParser {
    /// `\not` before a relation: its precomposed negation, or the relation with U+0338 over it.
    mutating func negation() throws -> MathNode {
        guard let token = nextSignificant() else { return .atom(MathAtom("\\not", .source)) }
        guard let node = try parseAtom(token, single: true) else { return .atom(MathAtom("\\not", .source)) }
        guard case .atom(var atom) = node else { return .row([.atom(MathAtom("\\not", .source)), node]) }
        if let negated = MathSymbols.negated(atom.text) {
            atom.text = negated
        } else {
            atom.text += "\u{338}"
        }
        atom.width = DisplayWidth.of(atom.text)
        return .atom(atom)
    }

    /// `\substack{a \\ b}`: lines stacked.
    mutating func substack() throws -> MathNode {
        guard nextSignificant() == .open else { throw MathFailure.missingArgument("\\substack") }
        try enter()
        defer { depth -= 1 }
        var lines: [MathNode] = []
        while true {
            let (nodes, terminator, _) = try parseList(.environment)
            lines.append(.row(nodes))
            switch terminator {
            case .newline, .alignment: continue
            case .close: return .stack(lines)
            case .endEnvironment(let name): throw MathFailure.unmatchedEnd(name)
            case .right: throw MathFailure.unmatchedRight
            default: throw MathFailure.unbalancedBraces
            }
        }
    }

    /// `\left` … `\right`, the content between them.
    mutating func leftRight() throws -> MathNode {
        let left = try readDelimiter("\\left")
        try enter()
        defer { depth -= 1 }
        let (nodes, terminator, _) = try parseList(.left)
        guard case .right(let right) = terminator else {
            if case .endEnvironment(let name) = terminator, name.isEmpty { throw MathFailure.unmatchedEnd(name) }
            throw MathFailure.unmatchedLeft
        }
        return .delimited(left: left, .row(nodes), right: right)
    }

    /// The delimiter after `\left`, `\right`, `\big`…: its character, "" for `.`.
    mutating func readDelimiter(_ command: String) throws -> String {
        guard let token = nextSignificant() else { throw MathFailure.missingArgument(command) }
        switch token {
        case .character("."): return ""
        case .character("<"): return "⟨"
        case .character(">"): return "⟩"
        case .character(let scalar): return String(scalar)
        case .command(let name):
            switch name {
            case "langle": return "⟨"
            case "rangle": return "⟩"
            case "lbrace", "{": return "{"
            case "rbrace", "}": return "}"
            case "vert", "lvert", "rvert", "mid": return "|"
            case "Vert", "lVert", "rVert", "|": return "‖"
            default: return MathSymbols.command(name)?.text ?? "\\" + name
            }
        case .open:
            index -= 1
            let node = try parseArgument(command)
            var atoms: [MathAtom] = []
            if Self.flatten(node, into: &atoms) { return atoms.map(\.text).joined() }
            return ""
        default:
            throw MathFailure.missingArgument(command)
        }
    }
}
