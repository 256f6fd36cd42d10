import MarkdownCore

/// How one drawn row turns into another: the cells a row shows, and the fewest cells to write, insert or
/// delete to change them (`RegionRedraw` writes what these find).
extension RegionRedraw {
    /// Cells joined into spans, a span per run of one style.
    static func spans(of cells: ArraySlice<Cell>) -> [Span] {
        var spans: [Span] = []
        for cell in cells {
            guard let character = cell.character else { continue }
            if spans.last?.style == cell.style {
                spans[spans.count - 1].text.append(character)
            } else {
                spans.append(Span(String(character), style: cell.style))
            }
        }
        return spans
    }

    /// One column of a row as the writer leaves it on the screen: a character in a style, or the right
    /// half of a wide character (nil).
    struct Cell: Equatable {
        var character: Character?
        var style: Style

        /// A character whose width terminals may not agree on (wide, joined, combined or emoji): a row
        /// holding one is written whole, since a cursor moved over it by its width may land elsewhere.
        var hasUncertainWidth: Bool {
            guard let character else { return true }
            if character.isASCII { return false }
            let scalars = character.unicodeScalars
            guard scalars.count == 1, let scalar = scalars.first else { return true }
            return DisplayWidth.of(scalar) != 1
        }

        /// A space the writer leaves out at the end of a row (it shows nothing).
        var isBlankAtEnd: Bool {
            character == " " && style.background == nil && !style.inverse && !style.underline
                && !style.strikethrough
        }
    }

    /// The columns a row fills, trailing spaces that show nothing left out (as the writer leaves them).
    static func cells(_ line: StyledLine) -> [Cell] {
        var cells: [Cell] = []
        for span in line.spans {
            // Printable ASCII is a cell per byte: no grapheme breaking or width look-up needed.
            if span.text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
                for byte in span.text.utf8 {
                    cells.append(Cell(character: Character(Unicode.Scalar(byte)), style: span.style))
                }
                continue
            }
            for character in span.text {
                cells.append(Cell(character: character, style: span.style))
                for _ in 1..<max(1, DisplayWidth.of(character)) {
                    cells.append(Cell(character: nil, style: span.style))
                }
            }
        }
        while let last = cells.last, last.isBlankAtEnd { cells.removeLast() }
        return cells
    }

    /// What turns one row into another: `shift` cells inserted (positive) or deleted (negative) at
    /// `shiftColumn`, then `spans` written from `start`, the rest of the row erased first when `erases`.
    struct Change {
        var start: Int
        var spans: [Span]
        var erases: Bool
        var shift = 0
        var shiftColumn = 0
        /// A second piece written after the first, further along the row.
        var then: (start: Int, spans: [Span])?
    }

    /// What to write to turn the cells `old` into `new`: the first column that differs, the spans from
    /// there, and whether the rest of the row is erased first; nil when they look the same.
    static func change(from old: [Cell], to new: [Cell]) -> Change? {
        if old == new { return nil }
        if old.contains(where: \.hasUncertainWidth) || new.contains(where: \.hasUncertainWidth) {
            return Change(start: 0, spans: spans(of: new[...]), erases: true)
        }
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        if start >= old.count, start >= new.count { return nil }
        var end = new.count
        if old.count == new.count {
            // Rows of one width (a table's): the cells after the last change stay. The piece written
            // ends in a cell the writer writes (not a space it would leave out).
            while end > start, old[end - 1] == new[end - 1] { end -= 1 }
            while end < new.count, new[end - 1].isBlankAtEnd { end += 1 }
        }
        return Change(
            start: start, spans: spans(of: new[start..<end]), erases: end == new.count && old.count > new.count)
    }

    /// When `new` is `old` grown at its end with cells changed further back (a name that a highlight of
    /// the growing line coloured differently): the changed cells, then the new ones, leaving the cells
    /// between them; nil otherwise.
    static func splitChange(from old: [Cell], to new: [Cell]) -> Change? {
        guard new.count > old.count, !old.contains(where: \.hasUncertainWidth),
            !new.contains(where: \.hasUncertainWidth),
            let start = old.indices.first(where: { old[$0] != new[$0] }),
            let last = old.indices.last(where: { old[$0] != new[$0] })
        else { return nil }
        // The first piece ends in a cell the writer writes (not a space it would leave out).
        var end = last + 1
        while end < old.count, new[end - 1].isBlankAtEnd { end += 1 }
        guard end < old.count else { return nil }
        return Change(
            start: start, spans: spans(of: new[start..<end]), erases: false,
            then: (old.count, spans(of: new[old.count...])))
    }

    /// When `new` is `old` with cells inserted or deleted before a run of cells at its end that stays the
    /// same: the shift that moves that run to its new place, then the cells that still differ; nil
    /// otherwise.
    static func movedChange(from old: [Cell], to new: [Cell]) -> Change? {
        guard old.count != new.count, !old.contains(where: \.hasUncertainWidth),
            !new.contains(where: \.hasUncertainWidth)
        else { return nil }
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        guard suffix > 0 else { return nil }
        let shift = new.count - old.count
        // The run moves: blank cells come in before it, or cells just before it go.
        let column = old.count - suffix + min(0, shift)
        var shifted = old
        if shift > 0 {
            shifted.insert(contentsOf: repeatElement(Cell(character: " ", style: .plain), count: shift), at: column)
        } else {
            shifted.removeSubrange(column..<(column - shift))
        }
        guard var change = change(from: shifted, to: new) else {
            return Change(start: column, spans: [], erases: false, shift: shift, shiftColumn: column)
        }
        change.shift = shift
        change.shiftColumn = column
        return change
    }
}
