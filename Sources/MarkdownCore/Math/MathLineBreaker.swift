/// Breaks a display formula too wide for its width into lines, as TeX breaks displays: before top-level
/// relations first, then before top-level binary operators; continuation lines start under the first
/// relation's column (or 2 columns in when that does not fit). Each line is laid out in 2-D and the lines
/// are stacked without blank rows.
struct MathLineBreaker {
    let layout = MathLayout()
    /// Formulas with more top-level nodes than this are not broken in 2-D (the linear form wraps them).
    static let maximumNodes = 4000

    /// The width of a segment as it sits after something: a leading operator keeps its spacing (the
    /// column before it is the join's, not counted).
    func segmentWidth(_ nodes: [MathNode], _ range: Range<Int>) -> Int {
        guard range.lowerBound > 0 else { return layout.list(Array(nodes[range])).width }
        return max(layout.list(Array(nodes[range]), after: .ordinary).width - 1, 0)
    }

    /// The lines stacked into one box, or nil when some piece cannot fit. Formulas set side by side with
    /// a quad or more between them (`a = b \qquad c = d`) are put on lines of their own first.
    func broken(_ nodes: [MathNode], width: Int) -> MathBox? {
        guard nodes.count <= Self.maximumNodes, nodes.count > 1 else { return nil }
        let groups = Self.quadSeparated(nodes)
        if groups.count > 1 { return brokenAtQuads(groups, width: width) }
        return brokenAtOperators(nodes, width: width)
    }

    /// The top-level nodes split at spaces of a quad or more, each part with the columns of the space
    /// before it.
    static func quadSeparated(_ nodes: [MathNode]) -> [(nodes: [MathNode], gap: Int)] {
        var groups: [(nodes: [MathNode], gap: Int)] = [([], 0)]
        for node in nodes {
            if case .space(let columns) = node, columns >= 2 {
                if groups[groups.count - 1].nodes.isEmpty {
                    groups[groups.count - 1].gap = max(groups[groups.count - 1].gap, columns)
                } else {
                    groups.append(([], columns))
                }
                continue
            }
            groups[groups.count - 1].nodes.append(node)
        }
        if groups.last?.nodes.isEmpty == true { groups.removeLast() }
        return groups
    }

    /// Side-by-side formulas packed onto centred lines, as many to a line as fit; one too wide on its own
    /// is broken at its operators.
    func brokenAtQuads(_ groups: [(nodes: [MathNode], gap: Int)], width: Int) -> MathBox? {
        var lines: [MathBox] = []
        var line: [MathBox] = []
        var lineWidth = 0
        for group in groups {
            var box = layout.list(group.nodes)
            if box.width > width {
                guard let broken = brokenAtOperators(group.nodes, width: width) else { return nil }
                box = broken
            }
            if !line.isEmpty, lineWidth + group.gap + box.width > width {
                lines.append(.beside(line))
                line = []
                lineWidth = 0
            }
            if !line.isEmpty {
                line.append(.blank(width: group.gap))
                lineWidth += group.gap
            }
            line.append(box)
            lineWidth += box.width
        }
        if !line.isEmpty { lines.append(.beside(line)) }
        return .stacked(lines, alignment: .center, baselineOf: 0)
    }

    /// Breaks before relations, then binary operators.
    func brokenAtOperators(_ nodes: [MathNode], width: Int) -> MathBox? {
        guard nodes.count > 1 else { return nil }
        let classes = MathSpacing.classes(of: nodes)
        let firstRelation = classes.indices.first { $0 > 0 && classes[$0] == .relation }
        // Segments between break points: before every relation, and before binary operators.
        var segments: [(range: Range<Int>, width: Int, kind: MathClass)] = []
        var start = 0
        var startKind = MathClass.ordinary
        for index in 1..<nodes.count {
            guard let current = classes[index], current == .relation || current == .binary else { continue }
            segments.append((start..<index, segmentWidth(nodes, start..<index), startKind))
            start = index
            startKind = current
        }
        segments.append((start..<nodes.count, segmentWidth(nodes, start..<nodes.count), startKind))

        var relationIndent = 0
        if let firstRelation {
            relationIndent = layout.list(Array(nodes[0..<firstRelation])).width + 1
        }
        let widest = segments.dropFirst().reduce(0) { max($0, $1.width) }
        if relationIndent + widest + 2 > width { relationIndent = 0 }

        var lines: [(range: Range<Int>, indent: Int)] = []
        var lineStart = 0
        var lineWidth = 0
        var lineIndent = 0
        for (number, segment) in segments.enumerated() {
            if number == 0 {
                lineStart = segment.range.lowerBound
                lineWidth = segment.width
                continue
            }
            // A space either side of the operator the segment starts with joins it to the line.
            let joined = lineIndent + lineWidth + 1 + segment.width
            if joined <= width {
                lineWidth += 1 + segment.width
                continue
            }
            lines.append((lineStart..<segment.range.lowerBound, lineIndent))
            lineStart = segment.range.lowerBound
            lineWidth = segment.width
            let indent = segment.kind == .relation ? relationIndent : relationIndent + 4
            lineIndent = max(0, min(indent, width - segment.width))
        }
        lines.append((lineStart..<nodes.count, lineIndent))
        guard lines.count > 1 else { return nil }

        var boxes: [MathBox] = []
        for (number, line) in lines.enumerated() {
            // A continuation line keeps the space after its leading operator (laid out as if something
            // came before it, which adds a column in front: taken from the indent).
            let continued = number > 0
            let box = layout.list(Array(nodes[line.range]), after: continued ? .ordinary : nil)
            let indent = continued ? max(line.indent - 1, 0) : line.indent
            guard box.width + indent <= width else { return nil }
            boxes.append(indent > 0 ? .beside([.blank(width: indent), box]) : box)
        }
        return .stacked(boxes, alignment: .left, baselineOf: 0)
    }
}
