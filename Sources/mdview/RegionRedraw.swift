import MarkdownCore

/// The bytes that turn the rows a live region shows into the rows it should show, rewriting only what
/// changed. It exists so that a redraw costs what changed, not a screenful, and so that the terminal never
/// sees an erase of the display (to tmux, `CSI J` at the top row is a clear that pushes the screen into its
/// scroll-back): rows are erased one at a time (`CSI 2K`, `CSI K`).
///
/// The cursor starts and ends at column 0 of the region's top row. Rows below the ones drawn are blank.
/// The cursor saved in the terminal (`ESC 7`) is where the last redraw stopped writing, when that is known
/// (most redraws add a token where the one before ended, and `ESC 8` takes the cursor there in two bytes),
/// or the region's top.
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
        /// The column, when the cursor is not at the row's start and the cells written tell it.
        var column: Int?
    }

    /// Where the cursor saved in the terminal (`ESC 7`) is, from the region's top, and the rendition
    /// saved with it (`ESC 8` restores both).
    struct SavedCursor: Equatable {
        var row = 0
        var column = 0
        var pen = RegionPen.plain

        static let top = SavedCursor()
    }

    /// The bytes that redraw `drawn` (the rows on the screen from the region's top) as `wanted`, leaving
    /// the cursor at the start of row `park` (at most `wanted.count`). `saved` is where the cursor saved in
    /// the terminal is (nil: nowhere known); the result's `saved` where it is afterwards. A redraw that
    /// stops writing in a row of the region at a column it knows (before the terminal's last one, of
    /// `columns` when known) saves the cursor there before it goes back to the top, and the next one
    /// starts there with `ESC 8` when it writes there first; otherwise the cursor is saved at the top.
    /// `screenRows`, when known, is how many rows the screen has from the region's top down: rows can then
    /// move down at the top too (`CSI n L`). `screenHeight`, when known, is how many rows the screen has:
    /// rows that came in above rows that stay are then inserted, as long as the region ends above the
    /// screen's last row.
    ///
    /// `pen` is the rendition the terminal has set at the start; `pen` in the result the one left set.
    /// A redraw that ends with a rendition set goes back to the region's top by moving the cursor (`ESC 8`
    /// would restore the rendition saved with the cursor), so that the next piece in that style needs no
    /// sequence of its own.
    func plan(
        from drawn: [StyledLine], to wanted: [StyledLine], park: Int, saved: SavedCursor? = nil,
        screenRows: Int? = nil, screenHeight: Int? = nil, columns: Int? = nil,
        pen: RegionPen = .plain
    ) -> (bytes: [UInt8], pen: RegionPen, saved: SavedCursor?) {
        var cursor = Cursor(pen: pen)
        var saved = saved
        let bytes = plan(
            from: drawn, to: wanted, park: park, saved: &saved, screenRows: screenRows,
            mostRows: (screenRows ?? screenHeight ?? 0) - 1, columns: columns ?? 0,
            cursor: &cursor)
        return (bytes, cursor.pen, saved)
    }

    private func plan(
        from drawn: [StyledLine], to wanted: [StyledLine], park: Int, saved: inout SavedCursor?,
        screenRows: Int?, mostRows: Int, columns: Int, cursor: inout Cursor
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
            saved = .top
            return out + Self.saveCursor
        }
        // Rows move down only where the screen's rows are known and the rows wanted end above its last
        // row (the cursor's), as after rows written with line feeds.
        let mostDown = screenRows.map { wanted.count < $0 ? old.count / 2 : 0 } ?? 0
        let shift = Self.bestShift(old, wanted, mostDown: mostDown)
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
        var existing = screenRows ?? old.count + 1
        // Rows written below the drawn ones may scroll the screen: the region's top is then elsewhere.
        var wroteBelow = false
        if let moved = Self.insertion(old, wanted), moved.end + moved.count <= mostRows {
            // Rows came in above rows that stay (a table's new row above its bottom border): the drawn rows
            // after those that stay are deleted (`CSI n M`), the screen gets the rows the ones that stay
            // move into and the row below them (line feeds, which scroll it when they must), and blank rows
            // are inserted where the new ones go (`CSI n L`): only blank rows leave the bottom of the screen.
            cursor.pen.reset(into: &out)
            if old.count > moved.end {
                move(&cursor, to: moved.end, into: &out)
                out += Array("\u{1B}[\(old.count - moved.end)M".utf8)
                old.removeLast(old.count - moved.end)
            }
            // The row below the region's last one too, as after rows written with line feeds: a region
            // as tall as it gets then starts at the screen's top row.
            if moved.end + moved.count + 1 > existing {
                feedLines(&cursor, to: moved.end + moved.count, existing: existing, into: &out)
                existing = moved.end + moved.count + 1
                wroteBelow = true
            }
            move(&cursor, to: moved.row, into: &out)
            out += Array("\u{1B}[\(moved.count)L".utf8)
            old.insert(contentsOf: repeatElement(StyledLine.blank, count: moved.count), at: moved.row)
        }
        for row in wanted.indices {
            if row < old.count {
                if old[row] == wanted[row] { continue }
                if out.isEmpty, let resumed = saved, resumed.row == row, resumed != .top {
                    // Nothing written yet: the row may be reached from the cursor saved where the last
                    // redraw stopped, in its rendition.
                    let changes = Self.changes(from: old[row], to: wanted[row])
                    var moved = out
                    var movedCursor = cursor
                    move(&movedCursor, to: row, into: &moved)
                    let movedColumn = rewrite(changes, into: &moved, pen: &movedCursor.pen)
                    var back = Self.restoreCursor
                    var backPen = resumed.pen
                    let backColumn = rewrite(changes, into: &back, pen: &backPen, column: resumed.column)
                    if back.count < moved.count {
                        out = back
                        cursor = Cursor(row: row, atLineStart: false, pen: backPen, column: backColumn)
                    } else {
                        out = moved
                        cursor = movedCursor
                        cursor.atLineStart = false
                        cursor.column = movedColumn
                    }
                    continue
                }
                move(&cursor, to: row, into: &out)
                cursor.column = rewrite(Self.changes(from: old[row], to: wanted[row]), into: &out, pen: &cursor.pen)
                cursor.atLineStart = false
            } else {
                // Below the drawn rows everything is blank: the rest is written as the one-shot render would.
                cursor.pen.reset(into: &out)
                if row >= existing { feedLines(&cursor, to: row, existing: existing, into: &out) }
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
        // A region as tall as it gets starts at the screen's top row, unless the screen scrolled since.
        let topIsHome = screenRows != nil && park == 0 && !wroteBelow
        if let column = cursor.column, column > 0, column < columns, !cursor.atLineStart, cursor.row >= park {
            // Saved where the writing stopped, with the rendition set (the next token likely goes there),
            // then back to the region's top.
            out += Self.saveCursor
            saved = SavedCursor(row: cursor.row - park, column: column, pen: cursor.pen)
            moveToTop(&cursor, park: park, home: topIsHome, into: &out)
        } else if cursor.row == 0, cursor.atLineStart, park == 0 {
            // Nothing scrolled: a cursor saved before is still where it was.
            if saved == nil {
                cursor.pen.reset(into: &out)
                out += Self.saveCursor
                saved = .top
            }
        } else if saved != nil, park == 0, !wroteBelow {
            // Moving back keeps the rendition for the next redraw; `ESC 8` would restore the saved one.
            if saved == .top, cursor.pen.isPlain {
                out += Self.restoreCursor
            } else {
                moveToTop(&cursor, park: 0, home: topIsHome, into: &out)
            }
        } else {
            move(&cursor, to: park, into: &out)
            cursor.pen.reset(into: &out)
            out += Self.saveCursor
            saved = .top
        }
        return out
    }

    /// Moves to row `row`, past the `existing` rows known to be on the screen below the region's top: to
    /// the last of them, then by line feeds, which scroll the screen at its bottom.
    private func feedLines(_ cursor: inout Cursor, to row: Int, existing: Int, into out: inout [UInt8]) {
        move(&cursor, to: existing - 1, into: &out)
        while cursor.row < row { move(&cursor, to: cursor.row + 1, into: &out) }
    }

    /// Moves to the start of row `park`: with `CSI H` when that is the screen's top row (`home`) and a
    /// row away.
    private func moveToTop(_ cursor: inout Cursor, park: Int, home: Bool, into out: inout [UInt8]) {
        if home, cursor.row > 0 {
            out += Array("\u{1B}[H".utf8)
            cursor = Cursor(row: 0, pen: cursor.pen)
        } else {
            move(&cursor, to: park, into: &out)
        }
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

    /// The cells of `new` and the ways to turn the row `old` into it (none when they look the same): from
    /// the first changed cell to the last one, or to the end of the row, erasing what is left of the old
    /// one; or, when the row's end only moved (a table's column widened or narrowed), inserting or
    /// deleting cells where it moved (`CSI n @`, `CSI n P`) and writing only what is new; or the changed
    /// cells and then the new ones. A row that only grew at its end (a token added) has one way.
    static func changes(from old: StyledLine, to new: StyledLine) -> (cells: [Cell], ways: [Change]) {
        let before = cells(old)
        let after = cells(new)
        guard let change = change(from: before, to: after) else { return (after, []) }
        guard change.start < before.count else { return (after, [change]) }
        return (
            after,
            [change] + [movedChange(from: before, to: after), splitChange(from: before, to: after)].compactMap { $0 }
        )
    }

    /// Writes the shortest of a row's `changes` (cursor at `column` of the row); returns the column the
    /// cursor is left in, when the cells written tell it.
    @discardableResult
    private func rewrite(
        _ changes: (cells: [Cell], ways: [Change]), into out: inout [UInt8], pen: inout RegionPen, column: Int = 0
    ) -> Int? {
        var best: (bytes: [UInt8], pen: RegionPen, end: Int)?
        for change in changes.ways {
            var written: [UInt8] = []
            var writtenPen = pen
            let end = write(change, into: &written, pen: &writtenPen, from: column, over: changes.cells)
            if written.count < best?.bytes.count ?? .max { best = (written, writtenPen, end) }
        }
        guard let best else { return column }
        out += best.bytes
        pen = best.pen
        return changes.cells.contains(where: \.hasUncertainWidth) ? nil : best.end
    }

    /// The bytes of one change, the cursor in `column` of its row whose cells become `cells`; returns the
    /// column it is left in.
    private func write(
        _ change: Change, into out: inout [UInt8], pen: inout RegionPen, from start: Int, over cells: [Cell]
    )
        -> Int
    {
        var column = start
        func moveTo(_ target: Int) {
            if change.shift == 0, target > column, target - column < 4, pen.isPlain,
                cells[column..<target].allSatisfy({ $0 == Cell(character: " ", style: .plain) })
            {
                // A space or two that stay, written over: shorter than moving over them.
                out += repeatElement(UInt8(ascii: " "), count: target - column)
            } else if target > column {
                out += Array("\u{1B}[\(target - column)C".utf8)
            } else if target < column {
                out += Array("\u{1B}[\(column - target)D".utf8)
            }
            column = target
        }
        if change.shift != 0 {
            // Cells shifted in are filled in the rendition set.
            pen.reset(into: &out)
            moveTo(change.shiftColumn)
            out += Array((change.shift > 0 ? "\u{1B}[\(change.shift)@" : "\u{1B}[\(-change.shift)P").utf8)
        }
        guard !change.spans.isEmpty || change.erases else { return column }
        moveTo(change.start)
        if change.erases {
            pen.reset(into: &out)
            out += Self.eraseToEnd
        }
        var line = bytes([StyledLine(change.spans)])
        if line.last == 0x0A { line.removeLast() }
        pen.write(line, into: &out)
        column += Self.cells(StyledLine(change.spans)).count
        if let then = change.then {
            moveTo(then.start)
            var line = bytes([StyledLine(then.spans)])
            if line.last == 0x0A { line.removeLast() }
            pen.write(line, into: &out)
            column += Self.cells(StyledLine(then.spans)).count
        }
        return column
    }
}
