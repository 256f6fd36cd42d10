/// Lays a parsed formula out in two dimensions: fractions over a rule, scripts a row up and down, limits
/// above and below big operators, radicals, grown delimiters, grids.
struct MathLayout {
    /// Scripts and limits are set tight, as TeX sets them: no space around their operators.
    var tight = false
    /// Scripts whose characters all have Unicode super/subscript forms are set on the base's row (`zᵢ`):
    /// inside a script and in a radicand, where a second raised row would make the formula 3–4 rows tall.
    var compact = false

    /// The layout of scripts and limits: tight, and compacting the scripts nested in them.
    static let scriptLayout = MathLayout(tight: true, compact: true)

    /// A list of nodes side by side with TeX's spacing; `start` is the class before the first node (an
    /// `aligned` cell after `&` behaves as if an ordinary atom came before it).
    func list(_ nodes: [MathNode], after start: MathClass? = nil) -> MathBox {
        if nodes.count == 1, start == nil, case .space = nodes[0] {
        } else if nodes.count == 1, start == nil {
            return box(nodes[0])
        }
        // Through a buffer, each node is read in place (see `MathLinearizer.list`).
        return nodes.withUnsafeBufferPointer { nodes in
            MathSpacing.withClasses(of: nodes, startingAfter: start) { list(nodes, classes: $0, after: start) }
        }
    }

    private func list(
        _ nodes: UnsafeBufferPointer<MathNode>, classes: UnsafeMutableBufferPointer<MathClass?>,
        after start: MathClass?
    ) -> MathBox {
        var boxes: [MathBox] = []
        boxes.reserveCapacity(nodes.count)
        // Atoms and spaces in a row go straight onto one row: a box each, set beside the others, would
        // come out the same at the cost of two arrays an atom.
        var flat = FlatRow()
        var previous = start
        var delimiters: [(Int, String, Int)] = []
        for index in nodes.indices {
            guard let current = classes[index] else {
                if case .space(let columns) = nodes[index], columns > 0 { flat.appendSpaces(columns) }
                continue
            }
            if let previous, !tight {
                let gap = MathSpacing.gap(previous, current)
                if gap > 0 { flat.appendSpaces(gap) }
            }
            if case .atom(let atom) = nodes[index] {
                flat.append(atom)
            } else if case .bigDelimiter(let delimiter, let rows, _) = nodes[index] {
                flat.flush(into: &boxes)
                delimiters.append((boxes.count, delimiter, rows))
                boxes.append(.empty)
            } else {
                flat.flush(into: &boxes)
                boxes.append(box(nodes[index]))
            }
            previous = current
        }
        flat.flush(into: &boxes)
        if !delimiters.isEmpty {
            var above = 0
            var below = 0
            for box in boxes {
                above = max(above, box.baseline)
                below = max(below, box.depth)
            }
            for (position, delimiter, rows) in delimiters {
                let height = max(above + below + 1, rows)
                let baseline = height == above + below + 1 ? above : (rows - 1) / 2
                boxes[position] = MathDelimiter.box(delimiter, height: height, baseline: baseline)
            }
        }
        return .beside(boxes)
    }

    func box(_ node: MathNode) -> MathBox {
        switch node {
        case .atom(let atom):
            return MathBox(atom.text, atom.role, width: atom.width)
        case .row(let nodes):
            return list(nodes)
        case .fraction(let numerator, let denominator, let rule):
            return fraction(box(numerator), box(denominator), rule: rule)
        case .radical(let body, let index):
            return radical(MathLayout(tight: tight, compact: true).box(body), index: index)
        case .scripts(let base, let sup, let sub):
            if case .atom(let atom) = base.unwrapped, atom.limits {
                let scriptLayout = Self.scriptLayout
                return limits(box(base), over: sup.map(scriptLayout.box), under: sub.map(scriptLayout.box))
            }
            return scripts(base, sup: sup, sub: sub)
        case .limits(let base, let over, let under):
            let scriptLayout = Self.scriptLayout
            return limits(box(base), over: over.map(scriptLayout.box), under: under.map(scriptLayout.box))
        case .delimited(let left, let body, let right):
            let content = box(body)
            return .beside([
                MathDelimiter.box(left, height: content.height, baseline: content.baseline), content,
                MathDelimiter.box(right, height: content.height, baseline: content.baseline),
            ])
        case .bigDelimiter(let delimiter, let rows, _):
            return MathDelimiter.box(delimiter, height: rows, baseline: (rows - 1) / 2)
        case .grid(let grid):
            return MathGridLayout(layout: self).box(grid)
        case .accent(let base, let accent):
            return self.accent(base, accent)
        case .overline(let body):
            let content = box(body)
            return .stacked([.rule("─", width: content.width), content], baselineOf: 1)
        case .underline(let body):
            let content = box(body)
            return .stacked([content, .rule("─", width: content.width)], baselineOf: 0)
        case .brace(let body, let label, let over):
            return brace(box(body), label: label.map(box), over: over)
        case .boxed(let body):
            return boxed(box(body))
        case .space(let columns):
            return .blank(width: columns)
        case .phantom(let body):
            return box(body).blanked
        case .stack(let lines):
            let boxes = lines.map(box)
            return .stacked(boxes, baselineOf: (boxes.count - 1) / 2)
        }
    }

    /// Numerator over a rule over denominator, a column of rule either side; the rule is the baseline.
    func fraction(_ numerator: MathBox, _ denominator: MathBox, rule: Bool) -> MathBox {
        guard rule else {
            return .stacked([numerator, denominator], baselineOf: 0, offset: numerator.height - 1)
        }
        let width = max(numerator.width, denominator.width) + 2
        return .stacked([numerator, .rule("─", width: width), denominator], baselineOf: 1)
    }

    /// `√` with an overbar above the radicand (a stem `│` and `╲` for a taller one); `∛`, `∜` for the
    /// simple indices, otherwise the index above-left of the sign.
    func radical(_ body: MathBox, index: MathNode?) -> MathBox {
        var sign = "√"
        var indexBox: MathBox?
        if let index {
            let rendered = box(index)
            let text = rendered.rows.first?.map(\.text).joined() ?? ""
            if rendered.height == 1 && body.height == 1 && (text == "3" || text == "4") {
                sign = text == "3" ? "∛" : "∜"
            } else if rendered.width > 0 {
                indexBox = rendered
            }
        }
        let radicalBox: MathBox
        if body.height == 1 {
            let bar = MathBox.beside([.blank(width: 1), .rule("─", width: max(body.width, 1))])
            let signed = MathBox.beside([MathBox(sign, .structure, width: 1), body])
            radicalBox = .stacked([bar, signed], alignment: .left, baselineOf: 1)
        } else {
            var rows: [[MathPiece]] = []
            let top = [MathPiece(text: " ┌" + String.repeated("─", count: body.width), role: .structure)]
            rows.append(top)
            for (offset, row) in body.rows.enumerated() {
                var line: [MathPiece] = []
                let last = offset == body.height - 1
                MathBox.append(MathPiece(text: last ? "╲│" : " │", role: .structure), to: &line)
                for piece in row { MathBox.append(piece, to: &line) }
                rows.append(line)
            }
            radicalBox = MathBox(rows: rows, width: body.width + 2, baseline: body.baseline + 1)
        }
        guard let indexBox else { return radicalBox }
        // The index ends on the row above the sign's row, to its left.
        let indexTop = radicalBox.height - 2 - indexBox.height + 1
        return .pair(indexBox, radicalBox, rightTop: -indexTop, baselineFromLeft: false)
    }

    /// Limits centred above and below a base; the baseline stays the base's.
    func limits(_ base: MathBox, over: MathBox?, under: MathBox?) -> MathBox {
        var boxes: [MathBox] = []
        var baseIndex = 0
        if let over {
            boxes.append(over)
            baseIndex = 1
        }
        boxes.append(base)
        if let under { boxes.append(under) }
        return .stacked(boxes, baselineOf: baseIndex)
    }

    /// A superscript a row above and a subscript a row below a one-row base; beside the top and bottom
    /// rows of a taller one. Primes alone stay on the base's row (`f′`).
    func scripts(_ baseNode: MathNode, sup: MathNode?, sub: MathNode?) -> MathBox {
        let base = box(baseNode)
        if let sup, sub == nil, MathParser.isPrimes(sup) { return .beside([base, box(sup)]) }
        if compact, let characters = Self.scriptCharacters(sup: sup, sub: sub) {
            return .beside([base, characters])
        }
        let scriptLayout = Self.scriptLayout
        let supBox = sup.map(scriptLayout.box)
        let subBox = sub.map(scriptLayout.box)
        // Rows relative to the base's top row: beside the base's top (bottom) row when it reaches above
        // (below) its baseline, else a row above (below) it.
        let supBottom = base.baseline > 0 ? 0 : -1
        let subTop = base.depth > 0 ? base.height - 1 : base.height
        var column: [MathBox] = []
        var columnTop = 0
        if let supBox {
            column.append(supBox)
            columnTop = supBottom - supBox.height + 1
        } else {
            columnTop = subTop
        }
        if let subBox {
            if let supBox {
                let gap = subTop - supBottom - 1
                if gap > 0 { column.append(.blank(width: supBox.width, height: gap)) }
            }
            column.append(subBox)
        }
        let scriptColumn = MathBox.stacked(column, alignment: .left, baselineOf: 0)
        return .pair(base, scriptColumn, rightTop: columnTop, baselineFromLeft: true)
    }

    /// The scripts in Unicode super/subscript characters on one row (subscript first, as the linear form
    /// has them), or nil when one of their characters has none.
    static func scriptCharacters(sup: MathNode?, sub: MathNode?) -> MathBox? {
        var row: [MathPiece] = []
        for (node, superscript) in [(sub, false), (sup, true)] {
            guard let node else { continue }
            for piece in MathLinearizer.linear(node, tight: true) {
                guard let converted = MathScriptCharacters.convert(piece.text, superscript: superscript) else {
                    return nil
                }
                MathBox.append(MathPiece(text: converted, role: piece.role), to: &row)
            }
        }
        guard !row.isEmpty else { return nil }
        return MathBox(rows: [row], width: row.reduce(0) { $0 + DisplayWidth.of($1.text) }, baseline: 0)
    }

    /// A one-letter base takes the combining accent; a wider one the accent on the row above.
    func accent(_ base: MathNode, _ accent: MathAccent) -> MathBox {
        if case .atom(var atom) = base.unwrapped, atom.width == 1, atom.text.count == 1 {
            atom.text.unicodeScalars.append(accent.combining)
            if DisplayWidth.of(atom.text) == 1 { return MathBox(atom.text, atom.role, width: 1) }
        }
        let content = box(base)
        let mark: MathBox
        if accent.stretch {
            mark = .rule(accent.above, width: max(content.width, 1))
        } else if accent.above == "→" || accent.above == "←" {
            let shaft = String.repeated("─", count: max(content.width - 1, 0))
            mark = MathBox(accent.above == "→" ? shaft + "→" : "←" + shaft, .structure, width: max(content.width, 1))
        } else {
            mark = MathBox(accent.above, .structure, width: 1)
        }
        return .stacked([mark, content], baselineOf: 1)
    }

    /// `┌──┴──┐` above (or `└──┬──┘` below) the content, the label beyond it.
    func brace(_ content: MathBox, label: MathBox?, over: Bool) -> MathBox {
        let width = max(content.width, 3)
        let left = (width - 3) / 2
        let right = width - 3 - left
        let middle = String.repeated("─", count: left) + (over ? "┴" : "┬") + String.repeated("─", count: right)
        let line = MathBox((over ? "┌" : "└") + middle + (over ? "┐" : "┘"), .structure, width: width)
        var boxes = over ? [line, content] : [content, line]
        if let label {
            if over { boxes.insert(label, at: 0) } else { boxes.append(label) }
        }
        let contentIndex = over ? boxes.count - 1 : 0
        return .stacked(boxes, baselineOf: contentIndex)
    }

    /// A box-drawn frame around the content, a column of space inside.
    func boxed(_ content: MathBox) -> MathBox {
        let inner = content.width + 2
        var rows: [[MathPiece]] = [
            [MathPiece(text: "┌" + String.repeated("─", count: inner) + "┐", role: .structure)]
        ]
        for row in content.rows {
            var line = [MathPiece(text: "│", role: .structure)]
            MathBox.appendSpaces(1, to: &line)
            for piece in row { MathBox.append(piece, to: &line) }
            MathBox.appendSpaces(1, to: &line)
            MathBox.append(MathPiece(text: "│", role: .structure), to: &line)
            rows.append(line)
        }
        rows.append([MathPiece(text: "└" + String.repeated("─", count: inner) + "┘", role: .structure)])
        return MathBox(rows: rows, width: inner + 2, baseline: content.baseline + 1)
    }
}

/// Pieces of a list's atoms and spaces collected on one row, until something taller comes.
private struct FlatRow {
    var pieces: [MathPiece] = []
    var width = 0

    mutating func append(_ atom: MathAtom) {
        MathBox.append(MathPiece(text: atom.text, role: atom.role), to: &pieces)
        width += atom.width
    }

    mutating func appendSpaces(_ count: Int) {
        MathBox.appendSpaces(count, to: &pieces)
        width += count
    }

    /// The row as a box at the end of `boxes`, if it holds anything.
    mutating func flush(into boxes: inout [MathBox]) {
        guard width > 0 || !pieces.isEmpty else { return }
        boxes.append(MathBox(rows: [pieces], width: width, baseline: 0))
        pieces = []
        width = 0
    }
}
