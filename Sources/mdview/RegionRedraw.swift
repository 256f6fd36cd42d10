import MarkdownCore

/// The bytes that turn the rows a live region shows into the rows it should show, rewriting only what
/// changed. It exists so that a redraw costs what changed, not a screenful, and so that the terminal never
/// sees an erase of the display (to tmux, `CSI J` at the top row is a clear that pushes the screen into its
/// scroll-back): rows are erased one at a time (`CSI 2K`, `CSI K`).
///
/// The cursor starts and ends at column 0 of the region's top row. Rows below the ones drawn are blank.
/// Row by row: a row that is the same is not touched; a changed row is rewritten from the first cell
/// that differs, or has cells inserted or deleted where its end moved (`CSI n @`, `CSI n P`); when the
/// rows moved up (a block taller than the region grew at the bottom), the rows that left are deleted at
/// the top (`CSI n M`, which moves the rest up without touching the scroll-back) and only the new rows
/// are written; rows that came in above rows that stay get blank rows inserted there (`CSI n L`). New
/// rows below the drawn ones are written with line feeds, so what scrolls off the top of the screen is
/// whatever is above them. The rendition a piece ends in stays set for the next one (`RegionPen`).
struct RegionRedraw {
    /// Writes lines as the one-shot render does (each ends in a line feed).
    let bytes: ([StyledLine]) -> [UInt8]

    /// Where the cursor is, relative to the region's top row, and the rendition set.
    private struct Cursor {
        var row = 0
        var atLineStart = true
        var pen = RegionPen.plain
    }

    /// The bytes that redraw `drawn` (the rows on the screen from the region's top) as `wanted`, leaving
    /// the cursor at the start of row `park` (at most `wanted.count`), saved there (`ESC 7`). `savedTop`
    /// says the cursor saved is the region's top: when the region stays where it is, the cursor goes back
    /// there with `ESC 8`. `screenRows`, when known, is how many rows the screen has from the region's top
    /// down: rows can then move down too (`CSI n L`).
    ///
    /// Rows from `provisionalFrom` on are provisional: one that only grew at its end and came back in one
    /// style where it showed several (code whose newest lines are drawn before they are highlighted)
    /// keeps the colours it showed (a row shown highlighted is never redrawn plain). `shown` says which
    /// rows the screen then shows.
    ///
    /// `pen` is the rendition the terminal has set at the start; `pen` in the result the one left set.
    /// A redraw that ends with a rendition set goes back to the region's top by moving the cursor (`ESC 8`
    /// would restore the rendition saved with the cursor), so that the next piece in that style needs no
    /// sequence of its own.
    func plan(
        from drawn: [StyledLine], to wanted: [StyledLine], park: Int, savedTop: Bool = false, screenRows: Int? = nil,
        provisionalFrom: Int = .max, pen: RegionPen = .plain
    ) -> (bytes: [UInt8], shown: [StyledLine], pen: RegionPen) {
        var wanted = wanted
        var cursor = Cursor(pen: pen)
        let bytes = plan(
            from: drawn, to: &wanted, park: park, savedTop: savedTop, screenRows: screenRows,
            provisionalFrom: provisionalFrom, cursor: &cursor)
        return (bytes, wanted, cursor.pen)
    }

    private func plan(
        from drawn: [StyledLine], to wanted: inout [StyledLine], park: Int, savedTop: Bool, screenRows: Int?,
        provisionalFrom: Int, cursor: inout Cursor
    ) -> [UInt8] {
        var out: [UInt8] = []
        var old = drawn
        // A picture is drawn over the rows below its line: those rows must not be erased after it, so
        // from the first changed row on everything is erased first and then written in one piece.
        if wanted.contains(where: { $0.graphic != nil }) || old.contains(where: { $0.graphic != nil }) {
            cursor.pen.reset(into: &out)
            let same = zip(old, wanted).prefix { $0 == $1 }.count
            move(&cursor, to: same, into: &out)
            for row in same..<old.count {
                move(&cursor, to: row, into: &out)
                out += Self.eraseRow
            }
            move(&cursor, to: same, into: &out)
            out += bytes(Array(wanted[same...]))
            cursor = Cursor(row: wanted.count)
            move(&cursor, to: park, into: &out)
            return out + Self.saveCursor
        }
        let shift = Self.bestShift(old, wanted, mostDown: screenRows == nil ? 0 : old.count / 2)
        // Rows deleted or inserted are filled in the rendition set.
        if shift != 0 { cursor.pen.reset(into: &out) }
        if shift > 0 {
            out += Array("\u{1B}[\(shift)M".utf8)
            old.removeFirst(shift)
        } else if shift < 0, let screenRows {
            // Blank rows in at the top; the rows pushed past the bottom of the screen are gone.
            out += Array("\u{1B}[\(-shift)L".utf8)
            old = Array((Array(repeating: StyledLine.blank, count: -shift) + old).prefix(screenRows))
        }
        // The rows below the region's top that are on the screen: the drawn ones and the one below them.
        let existing = screenRows ?? old.count + 1
        // Only where the screen's rows below the region are known: the rows must still end above the
        // screen's last row, which the cursor ends on (an insertion does not scroll the screen as the line
        // feeds writing them below would).
        if let screenRows, let (row, count) = Self.insertion(old, wanted, room: screenRows - 1) {
            // Rows came in above rows that stay (a table's new row above its bottom border): blank rows are
            // inserted there (`CSI n L`), pushing only blank rows off the bottom of the screen.
            cursor.pen.reset(into: &out)
            move(&cursor, to: row, into: &out)
            out += Array("\u{1B}[\(count)L".utf8)
            old.insert(contentsOf: repeatElement(StyledLine.blank, count: count), at: row)
        }
        // Rows written below the drawn ones may scroll the screen: the region's top is then elsewhere.
        var wroteBelow = false
        for row in wanted.indices {
            if row < old.count {
                if row >= provisionalFrom { wanted[row] = Self.keepingColours(of: old[row], in: wanted[row]) }
                if old[row] == wanted[row] { continue }
                move(&cursor, to: row, into: &out)
                rewrite(old[row], as: wanted[row], into: &out, pen: &cursor.pen)
                cursor.atLineStart = false
            } else {
                // Below the drawn rows everything is blank: the rest is written as the one-shot render would.
                cursor.pen.reset(into: &out)
                if row >= existing {
                    // Past the bottom of the screen: line feeds scroll it.
                    move(&cursor, to: existing - 1, into: &out)
                    for _ in (existing - 1)..<row { move(&cursor, to: cursor.row + 1, into: &out) }
                }
                move(&cursor, to: row, into: &out)
                out += bytes(Array(wanted[row...]))
                cursor = Cursor(row: wanted.count)
                wroteBelow = true
                break
            }
        }
        for row in wanted.count..<max(wanted.count, old.count) {
            cursor.pen.reset(into: &out)
            move(&cursor, to: row, into: &out)
            out += Self.eraseRow
        }
        if cursor.row == 0, cursor.atLineStart, park == 0 {
            if !savedTop {
                cursor.pen.reset(into: &out)
                out += Self.saveCursor
            }
        } else if savedTop, park == 0, !wroteBelow {
            // Moving back keeps the rendition for the next redraw; `ESC 8` would restore the saved one.
            if cursor.pen.isPlain {
                out += Self.restoreCursor
            } else {
                move(&cursor, to: 0, into: &out)
            }
        } else {
            move(&cursor, to: park, into: &out)
            cursor.pen.reset(into: &out)
            out += Self.saveCursor
        }
        return out
    }

    static let saveCursor = Array("\u{1B}7".utf8)
    static let restoreCursor = Array("\u{1B}8".utf8)
    static let eraseRow = Array("\u{1B}[2K".utf8)
    static let eraseToEnd = Array("\u{1B}[K".utf8)

    /// Moves between rows that exist (the drawn rows and the blank row below them), or one row down from
    /// the last written row (a line feed, which scrolls at the bottom of the screen).
    private func move(_ cursor: inout Cursor, to row: Int, into out: inout [UInt8]) {
        // A line feed at the bottom of the screen scrolls in a row filled with the background set.
        if row == cursor.row + 1, cursor.pen.hasBackground { cursor.pen.reset(into: &out) }
        if row == cursor.row {
            if !cursor.atLineStart { out.append(0x0D) }
        } else if row == cursor.row + 1 {
            if !cursor.atLineStart { out.append(0x0D) }
            out.append(0x0A)
        } else {
            if !cursor.atLineStart { out.append(0x0D) }
            out += Array(row > cursor.row ? "\u{1B}[\(row - cursor.row)B".utf8 : "\u{1B}[\(cursor.row - row)A".utf8)
        }
        cursor = Cursor(row: row, pen: cursor.pen)
    }

    /// Rewrites the cells of one row where `new` differs from `old` (cursor at the row's start): from the
    /// first changed cell to the last one, or to the end of the row, erasing what is left of the old one;
    /// or, when the row's end only moved (a table's column widened or narrowed), by inserting or deleting
    /// cells where it moved (`CSI n @`, `CSI n P`) and writing only what is new, whichever is shorter.
    private func rewrite(_ old: StyledLine, as new: StyledLine, into out: inout [UInt8], pen: inout RegionPen) {
        let before = Self.cells(old)
        let after = Self.cells(new)
        guard let change = Self.change(from: before, to: after) else { return }
        var rewritten: [UInt8] = []
        var rewrittenPen = pen
        write(change, into: &rewritten, pen: &rewrittenPen)
        if let moved = Self.movedChange(from: before, to: after) {
            var shifted: [UInt8] = []
            var shiftedPen = pen
            write(moved, into: &shifted, pen: &shiftedPen)
            if shifted.count < rewritten.count {
                out += shifted
                pen = shiftedPen
                return
            }
        }
        out += rewritten
        pen = rewrittenPen
    }

    /// The bytes of one change, from the row's start.
    private func write(_ change: Change, into out: inout [UInt8], pen: inout RegionPen) {
        var column = 0
        if change.shift != 0 {
            // Cells shifted in are filled in the rendition set.
            pen.reset(into: &out)
            if change.shiftColumn > 0 { out += Array("\u{1B}[\(change.shiftColumn)C".utf8) }
            out += Array((change.shift > 0 ? "\u{1B}[\(change.shift)@" : "\u{1B}[\(-change.shift)P").utf8)
            column = change.shiftColumn
        }
        guard !change.spans.isEmpty || change.erases else { return }
        if change.start > column {
            out += Array("\u{1B}[\(change.start - column)C".utf8)
        } else if change.start < column {
            out += Array("\u{1B}[\(column - change.start)D".utf8)
        }
        if change.erases {
            pen.reset(into: &out)
            out += Self.eraseToEnd
        }
        var line = bytes([StyledLine(change.spans)])
        if line.last == 0x0A { line.removeLast() }
        pen.write(line, into: &out)
    }

    /// `new`, with the cells of `old` where `new` only adds to its end and shows its characters in one
    /// style where `old` showed several.
    static func keepingColours(of old: StyledLine, in new: StyledLine) -> StyledLine {
        guard old.graphic == nil, new.graphic == nil else { return new }
        let before = cells(old)
        var after = cells(new)
        guard !before.isEmpty, before.count <= after.count,
            zip(before, after).allSatisfy({ $0.character == $1.character }),
            Set(after[..<before.count].map(\.style)).count == 1, Set(before.map(\.style)).count > 1
        else { return new }
        after.replaceSubrange(0..<before.count, with: before)
        return StyledLine(spans(of: after[...]))
    }

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

    /// Where rows were inserted in `drawn` to make `wanted`, and how many, when the drawn rows after them
    /// (at least one that shows something) end `wanted` too and the rows fit in the `room` below the
    /// region's top; nil otherwise.
    static func insertion(_ drawn: [StyledLine], _ wanted: [StyledLine], room: Int) -> (row: Int, count: Int)? {
        let count = wanted.count - drawn.count
        guard count > 0, wanted.count <= room else { return nil }
        var kept = 0
        while kept < drawn.count, drawn[drawn.count - 1 - kept] == wanted[wanted.count - 1 - kept] { kept += 1 }
        guard kept > 0, drawn.suffix(kept).contains(where: { !$0.spans.isEmpty }) else { return nil }
        return (drawn.count - kept, count)
    }

    /// How many rows the drawn rows moved up by in `wanted` (`drawn[shift + i] == wanted[i]`), or down by
    /// (a negative shift, at most `mostDown` rows), when that keeps more rows than leaving them in place;
    /// 0 otherwise.
    static func bestShift(_ drawn: [StyledLine], _ wanted: [StyledLine], mostDown: Int = 0) -> Int {
        func kept(_ shift: Int) -> Int {
            var count = 0
            for row in max(0, -shift)..<min(drawn.count - shift, wanted.count) where drawn[row + shift] == wanted[row] {
                count += 1
            }
            return count
        }
        var best = 0
        var bestKept = kept(0)
        // A shift keeps at most the rows left after it: stop once that cannot beat the best.
        var shift = 1
        while shift < drawn.count, drawn.count - shift > bestKept + 1 {
            let count = kept(shift)
            if count > bestKept + 1 {
                best = shift
                bestKept = count
            }
            shift += 1
        }
        shift = 1
        while shift <= mostDown, min(drawn.count, wanted.count - shift) > bestKept + 1 {
            let count = kept(-shift)
            if count > bestKept + 1 {
                best = -shift
                bestKept = count
            }
            shift += 1
        }
        return best
    }
}
