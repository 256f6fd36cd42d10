extension MathParser {
    /// `\begin{name}` … `\end{name}`: a grid of the environment's kind.
    mutating func environment() throws -> MathNode {
        let name = try rawArgument("\\begin")
        try enter()
        defer { depth -= 1 }
        var grid = MathGrid(kind: .aligned, rows: [])
        switch name {
        case "matrix", "matrix*": grid.kind = .matrix
        case "smallmatrix":
            grid.kind = .matrix
            grid.compact = true
        case "pmatrix", "pmatrix*", "psmallmatrix":
            grid.kind = .matrix
            (grid.left, grid.right) = ("(", ")")
        case "bmatrix", "bmatrix*", "bsmallmatrix":
            grid.kind = .matrix
            (grid.left, grid.right) = ("[", "]")
        case "Bmatrix", "Bmatrix*":
            grid.kind = .matrix
            (grid.left, grid.right) = ("{", "}")
        case "vmatrix", "vmatrix*", "vsmallmatrix":
            grid.kind = .matrix
            (grid.left, grid.right) = ("|", "|")
        case "Vmatrix", "Vmatrix*":
            grid.kind = .matrix
            (grid.left, grid.right) = ("‖", "‖")
        case "cases", "dcases", "cases*":
            grid.kind = .cases
            grid.left = "{"
        case "rcases", "drcases":
            grid.kind = .cases
            grid.right = "}"
        case "array", "subarray", "tabular":
            grid.kind = .matrix
            let spec = try rawArgument("\\begin{\(name)}")
            (grid.alignments, grid.rules) = Self.columns(spec)
        case "alignat", "alignat*", "alignedat", "xalignat", "xxalignat":
            _ = try rawArgument("\\begin{\(name)}")
        case "gather", "gather*", "gathered", "multline", "multline*", "equation", "equation*", "displaymath",
            "math", "center":
            grid.kind = .gathered
            grid.multline = name.hasPrefix("multline")
        default:
            break
        }
        skipOptionalArgument(alignment: true)
        let (rows, horizontalRules, terminator) = try parseRows(.environment)
        switch terminator {
        case .endEnvironment(let end) where end == name: break
        case .endEnvironment(let end): throw MathFailure.unmatchedEnd(end)
        case .right: throw MathFailure.unmatchedRight
        default: throw MathFailure.unmatchedBegin(name)
        }
        grid.rows = rows
        grid.horizontalRules = horizontalRules
        if grid.kind == .gathered, rows.count == 1, rows[0].count == 1 { return rows[0][0] }
        return .grid(grid)
    }

    /// An `array` column spec (`l c r |`, `@{…}` and `p{…}` skipped): alignments and rule positions.
    static func columns(_ spec: String) -> ([MathGrid.Alignment], [Int]) {
        var alignments: [MathGrid.Alignment] = []
        var rules: [Int] = []
        var skipping = 0
        for scalar in spec.unicodeScalars {
            if skipping > 0 {
                if scalar == "{" { skipping += 1 }
                if scalar == "}" { skipping -= 1 }
                continue
            }
            switch scalar {
            case "l": alignments.append(.left)
            case "c": alignments.append(.center)
            case "r": alignments.append(.right)
            case "p", "m", "b", "X": alignments.append(.left)
            case "|": if rules.last != alignments.count { rules.append(alignments.count) }
            case "{": skipping = 1
            default: break
            }
        }
        return (alignments, rules)
    }
}
