/// Paints a laid-out sequence diagram on a canvas, top to bottom: participant boxes (rounded for an
/// actor), lifelines, then each event on its own rows — a message's text above its arrow, a
/// self-message as a loop right of its lifeline, notes as boxes, frames as titled boxes with dashed
/// section lines.
///
/// An arrow leaves its sender's lifeline without joining it and ends at the receiver in its head (`▶`,
/// `▷` open, `✕` cross) or, headless, joined to the receiver's lifeline (`┤`), so that every message
/// shows its direction. An active participant's lifeline is heavy (`┃`, crossed `╂`, joined `┨` `┠`)
/// from the arrow that activates it to the one that ends the activation.
struct SequencePainter {
    let layout: SequenceLayout
    private(set) var canvas: DiagramCanvas
    private let headerHeight: Int
    /// The header's first row: below the title.
    private let headerTop: Int
    /// The last row of the lifelines; the mirrored boxes, when drawn, start below it.
    private let lifelineEnd: Int
    private let mirrored: Bool

    /// From this many events on, the participant boxes are drawn again under the lifelines, as Mermaid
    /// does, so that a long diagram names its lifelines at both ends.
    static let mirrorFrom = 12
    /// The first row of each event.
    private let rows: [Int]
    /// The rows each participant's lifeline is drawn heavy (active).
    private let activeRows: [[ClosedRange<Int>]]

    init(_ layout: SequenceLayout) throws(DiagramFailure) {
        self.layout = layout
        headerHeight = (layout.names.map(\.count).max() ?? 1) + 2
        var rows: [Int] = []
        headerTop = layout.titleLines.count
        var row = headerTop + headerHeight + 1
        var arrows: [Int] = []
        for (index, event) in layout.diagram.events.enumerated() {
            rows.append(row)
            if case .message(let message) = event {
                arrows.append(Self.arrowRow(message, row, layout.texts[index].count))
            }
            row += Self.height(event, lines: layout.texts[index].count)
        }
        self.rows = rows
        var activeRows = Array(repeating: [ClosedRange<Int>](), count: layout.diagram.participants.count)
        for activation in layout.diagram.activations
        where activation.first <= activation.last && activation.last < arrows.count {
            activeRows[activation.participant].append(arrows[activation.first]...arrows[activation.last])
        }
        self.activeRows = activeRows
        lifelineEnd = row
        mirrored = layout.diagram.events.count >= Self.mirrorFrom
        canvas = try DiagramCanvas(width: layout.width, height: row + 1 + (mirrored ? headerHeight : 0))
    }

    /// The row a message's arrow meets its receiver: under its text, or a self-message's lower row.
    static func arrowRow(_ message: SequenceDiagram.Message, _ row: Int, _ lines: Int) -> Int {
        message.from == message.to ? row + max(1, lines) : row + lines
    }

    /// Whether a participant's lifeline is active (drawn heavy) at a row.
    private func isActive(_ participant: Int, _ row: Int) -> Bool {
        activeRows[participant].contains { $0.contains(row) }
    }

    /// The glyph where a line meets or crosses the lifeline at `column`, heavy when it is active.
    private func lifelineGlyph(_ column: Int, _ row: Int, light: Character, heavy: Character) -> Character {
        guard let participant = layout.lifelines.firstIndex(of: column), isActive(participant, row) else {
            return light
        }
        return heavy
    }

    static func height(_ event: SequenceDiagram.Event, lines: Int) -> Int {
        switch event {
        case .message(let message) where message.from == message.to: return max(2, lines + 1)
        case .message: return lines + 1
        case .note: return lines + 2
        case .frameStart, .frameSection, .frameEnd: return 1
        }
    }

    mutating func paint() {
        for (offset, line) in layout.titleLines.enumerated() { canvas.write(line, offset, 0, role: .frame) }
        for index in layout.diagram.participants.indices {
            paintBox(index, top: headerTop, joint: "┬")
            if mirrored { paintBox(index, top: lifelineEnd + 1, joint: "┴") }
        }
        for (participant, column) in layout.lifelines.enumerated() {
            for row in (headerTop + headerHeight)...lifelineEnd {
                canvas.put(isActive(participant, row) ? "┃" : "│", row, column, role: .edge, replacing: true)
            }
        }
        var openFrames: [(start: Int, extent: SequenceLayout.Extent)] = []
        for (index, event) in layout.diagram.events.enumerated() {
            let row = rows[index]
            switch event {
            case .message(let message) where message.from == message.to: paintSelf(message, index, row)
            case .message(let message): paintMessage(message, index, row)
            case .note:
                guard let extent = layout.extents[index] else { continue }
                paintNote(extent, layout.texts[index], row)
            case .frameStart:
                guard let extent = layout.extents[index] else { continue }
                openFrames.append((row, extent))
                paintRule(extent, row, ends: ("┌", "┐"), line: "─", heading: layout.texts[index].first)
            case .frameSection:
                guard let extent = layout.extents[index] else { continue }
                paintRule(extent, row, ends: ("├", "┤"), line: "┄", heading: layout.texts[index].first)
            case .frameEnd:
                guard let frame = openFrames.popLast() else { continue }
                paintRule(frame.extent, row, ends: ("└", "┘"), line: "─", heading: nil)
                for side in [frame.extent.left, frame.extent.right] {
                    for sideRow in (frame.start + 1)..<row where canvas.cell(sideRow, side)?.character == nil {
                        canvas.put("│", sideRow, side, role: .frame)
                    }
                }
            }
        }
    }

    /// A participant's box from row `top`, its lifeline leaving through `joint` (`┬` below the header,
    /// `┴` above the mirrored box).
    private mutating func paintBox(_ index: Int, top origin: Int, joint: Character) {
        let names = layout.names[index]
        let width = layout.boxWidths[index]
        let column = layout.lifelines[index]
        let left = column - width / 2
        let right = left + width - 1
        let corners: (Character, Character, Character, Character) =
            layout.diagram.participants[index].isActor ? ("╭", "╮", "╰", "╯") : ("┌", "┐", "└", "┘")
        let bottom = origin + headerHeight - 1
        canvas.put(corners.0, origin, left, role: .border)
        canvas.put(corners.1, origin, right, role: .border)
        canvas.put(corners.2, bottom, left, role: .border)
        canvas.put(corners.3, bottom, right, role: .border)
        for inner in (left + 1)..<right {
            canvas.put(inner == column && joint == "┴" ? joint : "─", origin, inner, role: .border)
            canvas.put(inner == column && joint == "┬" ? joint : "─", bottom, inner, role: .border)
        }
        let top = origin + 1 + (headerHeight - 2 - names.count) / 2
        for row in (origin + 1)..<bottom {
            canvas.put("│", row, left, role: .border)
            canvas.put("│", row, right, role: .border)
            let line = row - top
            guard line >= 0, line < names.count else { continue }
            let textWidth = DisplayWidth.of(names[line])
            canvas.write(names[line], row, left + 1 + (width - 2 - textWidth) / 2, role: .text)
        }
    }

    private static func lineGlyph(_ style: FlowGraph.LineStyle) -> Character { style == .dotted ? "┄" : "─" }

    private static func headGlyph(_ head: SequenceDiagram.Head, pointsRight: Bool) -> Character? {
        switch head {
        case .none: return nil
        case .arrow: return pointsRight ? "▶" : "◀"
        case .open: return pointsRight ? "▷" : "◁"
        case .cross: return "✕"
        }
    }

    private mutating func paintMessage(_ message: SequenceDiagram.Message, _ index: Int, _ row: Int) {
        let from = layout.lifelines[message.from]
        let to = layout.lifelines[message.to]
        let (left, right) = (min(from, to), max(from, to))
        let lines = layout.texts[index]
        for (offset, line) in lines.enumerated() {
            // A blank either side keeps the text off a lifeline it passes (its own two stay clear).
            let start = left + 1 + (right - left - 1 - DisplayWidth.of(line)) / 2
            writeOver(" \(line) ", row + offset, start - 1, role: .label)
        }
        let arrowRow = row + lines.count
        let step = to > from ? 1 : -1
        for column in stride(from: from + step, to: to, by: step) {
            let crossing = layout.lifelines.contains(column)
            let glyph =
                crossing ? lifelineGlyph(column, arrowRow, light: "┼", heavy: "╂") : Self.lineGlyph(message.style)
            canvas.put(glyph, arrowRow, column, role: .edge, replacing: true)
        }
        if let head = Self.headGlyph(message.head, pointsRight: step > 0) {
            canvas.put(head, arrowRow, to - step, role: .edge, replacing: true)
        } else {
            let join: (Character, Character) = step > 0 ? ("┤", "┨") : ("├", "┠")
            canvas.put(
                lifelineGlyph(to, arrowRow, light: join.0, heavy: join.1), arrowRow, to, role: .edge, replacing: true)
        }
    }

    private mutating func paintSelf(_ message: SequenceDiagram.Message, _ index: Int, _ row: Int) {
        let column = layout.lifelines[message.from]
        let lines = layout.texts[index]
        let bottom = row + max(1, lines.count)
        let (line, side): (Character, Character) = message.style == .dotted ? ("┄", "┆") : ("─", "│")
        canvas.put(lifelineGlyph(column, row, light: "├", heavy: "┠"), row, column, role: .edge, replacing: true)
        canvas.put(line, row, column + 1, role: .edge, replacing: true)
        canvas.put(line, row, column + 2, role: .edge, replacing: true)
        canvas.put("┐", row, column + 3, role: .edge, replacing: true)
        for middle in (row + 1)..<bottom { canvas.put(side, middle, column + 3, role: .edge, replacing: true) }
        canvas.put(
            Self.headGlyph(message.head, pointsRight: false) ?? line, bottom, column + 1, role: .edge, replacing: true)
        if message.head == .none {
            canvas.put(
                lifelineGlyph(column, bottom, light: "├", heavy: "┠"), bottom, column, role: .edge, replacing: true)
        }
        canvas.put(line, bottom, column + 2, role: .edge, replacing: true)
        canvas.put("┘", bottom, column + 3, role: .edge, replacing: true)
        for (offset, text) in lines.enumerated() {
            writeOver(text, row + offset, column + SequenceLayout.selfLoopWidth + 2, role: .label)
        }
    }

    private mutating func paintNote(_ extent: SequenceLayout.Extent, _ lines: [String], _ row: Int) {
        let bottom = row + lines.count + 1
        for current in row...bottom {
            for column in extent.left...extent.right {
                let edge = current == row || current == bottom
                let side = column == extent.left || column == extent.right
                let glyph: Character =
                    switch (edge, side) {
                    case (true, true):
                        current == row ? (column == extent.left ? "┌" : "┐") : (column == extent.left ? "└" : "┘")
                    case (true, false): "─"
                    case (false, true): "│"
                    case (false, false): " "
                    }
                canvas.put(glyph, current, column, role: .frame, replacing: true)
            }
        }
        let room = extent.right - extent.left - 3
        for (offset, line) in lines.enumerated() {
            writeOver(line, row + 1 + offset, extent.left + 2 + (room - DisplayWidth.of(line)) / 2, role: .frame)
        }
    }

    /// A frame's top, section or bottom line, crossing lifelines, with its heading near the left.
    private mutating func paintRule(
        _ extent: SequenceLayout.Extent, _ row: Int, ends: (Character, Character), line: Character, heading: String?
    ) {
        canvas.put(ends.0, row, extent.left, role: .frame, replacing: true)
        canvas.put(ends.1, row, extent.right, role: .frame, replacing: true)
        for column in (extent.left + 1)..<extent.right {
            let crossing = layout.lifelines.contains(column)
            let glyph = crossing ? lifelineGlyph(column, row, light: "┼", heavy: "╂") : line
            canvas.put(glyph, row, column, role: crossing ? .edge : .frame, replacing: true)
        }
        if let heading { writeOver(" \(heading) ", row, extent.left + 1, role: .frame) }
    }

    /// Text written over whatever is below it (a lifeline under a label).
    private mutating func writeOver(_ text: String, _ row: Int, _ column: Int, role: DiagramRole) {
        var column = column
        for character in text {
            let width = DisplayWidth.of(character)
            guard width > 0 else { continue }
            canvas.put(character, row, column, role: role, replacing: true)
            column += width
        }
    }
}
