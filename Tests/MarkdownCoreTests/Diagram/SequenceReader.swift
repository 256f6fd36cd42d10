@testable import MarkdownCore

/// Reads a drawn sequence diagram back from its characters alone: participants from the header boxes
/// (left to right, an actor by its rounded corners), lifelines from the `┬` under each box, then every
/// message top to bottom — an arrow between two lifelines with the text on the rows above it, or a loop
/// beside one lifeline with the text right of it — and each participant's activations, from the runs of
/// heavy lifeline (`┃ ╂ ┨ ┠`) between the rows of two messages' arrows.
struct SequenceReader {
    /// A message as drawn, by participant names.
    struct Message: Equatable, CustomStringConvertible {
        var from: String
        var to: String
        var style: String
        var head: String
        var text: String

        var description: String { "\(from) -\(style)/\(head)-> \(to): \(text)" }
    }

    let grid: DrawingGrid
    /// The rows above the boxes, joined.
    private(set) var title = ""
    private(set) var participants: [String] = []
    private(set) var lifelines: [Int] = []
    private(set) var messages: [Message] = []
    /// Each message's arrow row (a self-message's lower row), in order.
    private(set) var arrowRows: [Int] = []
    /// Activations as `participant first…last`, by message index, in the order they are read.
    private(set) var activations: [String] = []
    private(set) var problems: [String] = []
    private var headerBottom = 0

    init(_ lines: [String]) {
        grid = DrawingGrid(lines)
        readHeader()
        guard !lifelines.isEmpty else {
            problems.append("no lifelines")
            return
        }
        for row in (headerBottom + 1)..<grid.height { readRow(row) }
        readActivations()
    }

    private static let heavy: Set<Character> = ["┃", "╂", "┨", "┠"]
    private static let lifeline: Set<Character> = ["│", "┃"]
    private static let lifelineGlyphs: Set<Character> = ["│", "┃", "┼", "╂", "├", "┤", "┠", "┨", "┴"]

    private mutating func readActivations() {
        for (index, column) in lifelines.enumerated() {
            var row = headerBottom + 1
            while row < grid.height {
                guard Self.heavy.contains(grid[row, column] ?? " ") else {
                    row += 1
                    continue
                }
                // Text or a note written over the lifeline hides the bar without ending it.
                var last = row
                var probe = row + 1
                while probe < grid.height {
                    let character = grid[probe, column] ?? " "
                    if Self.heavy.contains(character) {
                        last = probe
                    } else if Self.lifelineGlyphs.contains(character) {
                        break
                    }
                    probe += 1
                }
                if let first = arrowRows.firstIndex(of: row), let end = arrowRows.lastIndex(of: last) {
                    activations.append("\(name(index)) \(first)…\(end)")
                } else {
                    problems.append("an activation of \(name(index)) from row \(row) to \(last) not at arrows")
                }
                row = last + 1
            }
        }
    }

    private static let bottomCorners: Set<Character> = ["└", "╰"]

    private mutating func readHeader() {
        guard
            let bottom = (0..<grid.height).first(where: { row in
                (0..<grid.cells[row].count).contains { grid[row, $0] == "┬" }
            })
        else {
            return
        }
        headerBottom = bottom
        for column in 0..<grid.cells[bottom].count where Self.bottomCorners.contains(grid[bottom, column] ?? " ") {
            var right = column + 1
            var lifeline: Int?
            while let character = grid[bottom, right], character == "─" || character == "┬" {
                if character == "┬" { lifeline = right }
                right += 1
            }
            guard let lifeline else {
                problems.append("a box without a lifeline at column \(column)")
                continue
            }
            var top = bottom - 1
            while top > 0, grid[top, column] == "│" { top -= 1 }
            title = (0..<top).map { row in String(grid.cells[row].compactMap { $0 }) }.joined()
            let name = ((top + 1)..<bottom).map { row in String((column + 1..<right).compactMap { grid[row, $0] }) }
            participants.append((grid[bottom, column] == "╰" ? "actor " : "") + FlowchartReader.squeezed(name.joined()))
            lifelines.append(lifeline)
        }
    }

    private static let horizontal: Set<Character> = ["─", "┄", "┼", "╂", "▶", "◀", "▷", "◁", "✕"]
    private static let lines: Set<Character> = ["─", "┄", "┼", "╂", "┌", "┐", "└", "┘", "├", "┤", "┠", "┨"]

    private func name(_ lifeline: Int) -> String {
        participants[lifeline].hasPrefix("actor ")
            ? String(participants[lifeline].dropFirst(6)) : participants[lifeline]
    }

    private static func head(_ character: Character?) -> String {
        switch character {
        case "▶", "◀": return "arrow"
        case "▷", "◁": return "open"
        case "✕": return "cross"
        default: return "none"
        }
    }

    private mutating func readRow(_ row: Int) {
        for (index, column) in lifelines.enumerated() {
            let cell = grid[row, column]
            if cell == "├" || cell == "┠", let right = grid[row, column + 1], right == "─" || right == "┄",
                grid[row, column + 3] == "┐"
            {
                readSelf(row, index)
            }
            guard cell != "┼", cell != "╂", let next = grid[row, column + 1], Self.horizontal.contains(next),
                next != "┼", next != "╂"
            else {
                continue
            }
            var end = column + 1
            while let character = grid[row, end + 1], Self.horizontal.contains(character) { end += 1 }
            guard let target = lifelines.firstIndex(of: end + 1) else { continue }
            readMessage(row, left: index, right: target, start: column + 1, end: end)
        }
    }

    private mutating func readMessage(_ row: Int, left: Int, right: Int, start: Int, end: Int) {
        let leftEnd = grid[row, lifelines[left]]
        let rightEnd = grid[row, lifelines[right]]
        var from = left
        var to = right
        var headCharacter: Character? = nil
        if let first = grid[row, start], "◀◁✕".contains(first), first != "✕" || grid[row, end] != "✕" {
            (from, to, headCharacter) = (right, left, first)
        } else if let last = grid[row, end], "▶▷✕".contains(last) {
            headCharacter = last
        } else if leftEnd == "├" || leftEnd == "┠" {
            (from, to) = (right, left)
        } else if rightEnd != "┤" && rightEnd != "┨" {
            problems.append("row \(row): a line between lifelines without a head or a joined end")
        }
        let body = (start...end).compactMap { grid[row, $0] }.filter { $0 == "─" || $0 == "┄" }
        let style = body.contains("┄") ? "dotted" : "solid"
        if body.contains("┄") && body.contains("─") { problems.append("row \(row): mixed line styles") }
        var texts: [String] = []
        var above = row - 1
        // A label row has both lifelines passing beside it; a frame's heading row covers them.
        while above > headerBottom, Self.lifeline.contains(grid[above, lifelines[left]] ?? " "),
            Self.lifeline.contains(grid[above, lifelines[right]] ?? " ")
        {
            let span = ((lifelines[left] + 1)..<lifelines[right]).map { grid[above, $0] }
            if span.contains(where: { $0.map { Self.lines.contains($0) } ?? false }) { break }
            let text = span.enumerated().compactMap { offset, character -> Character? in
                lifelines.contains(lifelines[left] + 1 + offset) && Self.lifeline.contains(character ?? " ")
                    ? " " : character
            }
            guard text.contains(where: { $0 != " " }) else { break }
            texts.insert(String(text), at: 0)
            above -= 1
        }
        arrowRows.append(row)
        messages.append(
            .init(
                from: name(from), to: name(to), style: style, head: Self.head(headCharacter),
                text: FlowchartReader.squeezed(texts.joined())))
    }

    private mutating func readSelf(_ row: Int, _ index: Int) {
        let column = lifelines[index]
        let style = grid[row, column + 1] == "┄" ? "dotted" : "solid"
        var bottom = row + 1
        while bottom < grid.height, grid[bottom, column + 3] != "┘" {
            guard let side = grid[bottom, column + 3], side == "│" || side == "┆" else {
                problems.append("row \(bottom): a self-message's loop is broken")
                return
            }
            bottom += 1
        }
        var texts: [String] = []
        for textRow in row..<bottom {
            if let run = grid.run(row: textRow, near: column + 5) { texts.append(run.text) }
        }
        let head = grid[bottom, column + 1]
        arrowRows.append(bottom)
        messages.append(
            .init(
                from: name(index), to: name(index), style: style, head: Self.head(head),
                text: FlowchartReader.squeezed(texts.joined())))
    }
}
