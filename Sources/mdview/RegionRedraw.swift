import MarkdownCore

/// The bytes that turn the rows a live region shows into the rows it should show, rewriting only what
/// changed. It exists so that a redraw costs what changed, not a screenful, and so that the terminal never
/// sees an erase of the display (to tmux, `CSI J` at the top row is a clear that pushes the screen into its
/// scroll-back): rows are erased one at a time (`CSI 2K`, `CSI K`).
///
/// The cursor starts and ends at column 0 of the region's top row. Rows below the ones drawn are blank.
/// Row by row: a row that is the same is not touched; a changed row is rewritten from the first cell
/// that differs; when the rows moved up (a block taller than the region grew at the bottom), the rows
/// that left are deleted at the top (`CSI n M`, which moves the rest up without touching the
/// scroll-back) and only the new rows are written. New rows below the drawn ones are written with line
/// feeds, so what scrolls off the top of the screen is whatever is above them.
struct RegionRedraw {
    /// Writes lines as the one-shot render does (each ends in a line feed).
    let bytes: ([StyledLine]) -> [UInt8]

    /// Where the cursor is, relative to the region's top row.
    private struct Cursor {
        var row = 0
        var atLineStart = true
    }

    /// The bytes that redraw `drawn` (the rows on the screen from the region's top) as `wanted`, leaving
    /// the cursor at the start of row `park` (at most `wanted.count`).
    func plan(from drawn: [StyledLine], to wanted: [StyledLine], park: Int) -> [UInt8] {
        var out: [UInt8] = []
        var old = drawn
        var cursor = Cursor()
        // A picture is drawn over the rows below its line: those rows must not be erased after it, so
        // from the first changed row on everything is erased first and then written in one piece.
        if wanted.contains(where: { $0.graphic != nil }) || old.contains(where: { $0.graphic != nil }) {
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
            return out
        }
        let shift = Self.bestShift(old, wanted)
        if shift > 0 {
            out += Array("\u{1B}[\(shift)M".utf8)
            old.removeFirst(shift)
        }
        for row in wanted.indices {
            if row < old.count {
                if old[row] == wanted[row] { continue }
                move(&cursor, to: row, into: &out)
                rewrite(old[row], as: wanted[row], into: &out)
                cursor.atLineStart = false
            } else {
                // Below the drawn rows everything is blank: the rest is written as the one-shot render would.
                move(&cursor, to: row, into: &out)
                out += bytes(Array(wanted[row...]))
                cursor = Cursor(row: wanted.count)
                break
            }
        }
        for row in wanted.count..<max(wanted.count, old.count) {
            move(&cursor, to: row, into: &out)
            out += Self.eraseRow
        }
        move(&cursor, to: park, into: &out)
        return out
    }

    static let eraseRow = Array("\u{1B}[2K".utf8)
    static let eraseToEnd = Array("\u{1B}[K".utf8)

    /// Moves between rows that exist (the drawn rows and the blank row below them), or one row down from
    /// the last written row (a line feed, which scrolls at the bottom of the screen).
    private func move(_ cursor: inout Cursor, to row: Int, into out: inout [UInt8]) {
        if row == cursor.row {
            if !cursor.atLineStart { out.append(0x0D) }
        } else if row == cursor.row + 1 {
            if !cursor.atLineStart { out.append(0x0D) }
            out.append(0x0A)
        } else {
            if !cursor.atLineStart { out.append(0x0D) }
            out += Array(row > cursor.row ? "\u{1B}[\(row - cursor.row)B".utf8 : "\u{1B}[\(cursor.row - row)A".utf8)
        }
        cursor = Cursor(row: row)
    }

    /// Rewrites one row from the first cell where `new` differs from `old` (cursor at its start).
    private func rewrite(_ old: StyledLine, as new: StyledLine, into out: inout [UInt8]) {
        let (columns, suffix) = Self.changedSuffix(old, new)
        if columns > 0 { out += Array("\u{1B}[\(columns)C".utf8) }
        out += Self.eraseToEnd
        var line = bytes([StyledLine(suffix)])
        if line.last == 0x0A { line.removeLast() }
        out += line
    }

    /// How many columns `old` and `new` share from the start, and the spans of `new` after them. The
    /// shared part never ends in a space: a trailing space was not written (the writer drops trailing
    /// spaces), so its cell may not carry the style the new row gives it.
    static func changedSuffix(_ old: StyledLine, _ new: StyledLine) -> (columns: Int, suffix: [Span]) {
        var columns = 0
        var index = 0
        while index < old.spans.count, index < new.spans.count, old.spans[index] == new.spans[index],
            old.spans[index].text.last != " "
        {
            columns += DisplayWidth.of(new.spans[index].text)
            index += 1
        }
        guard index < new.spans.count else { return (columns, []) }
        var suffix = Array(new.spans[index...])
        if index < old.spans.count, old.spans[index].style == new.spans[index].style {
            let oldText = old.spans[index].text
            let newText = new.spans[index].text
            // Characters are whole grapheme clusters: a mark that joins the last shared one makes it differ.
            let shared = zip(oldText, newText).prefix { $0 == $1 }.count
            let head = newText.prefix(shared)
            let kept = head.count - head.reversed().prefix { $0 == " " }.count
            if kept > 0 {
                columns += DisplayWidth.of(newText.prefix(kept))
                suffix[0].text = String(newText.dropFirst(kept))
            }
        }
        return (columns, suffix)
    }

    /// How many rows the drawn rows moved up by in `wanted` (`drawn[shift + i] == wanted[i]`), when that
    /// keeps more rows than leaving them in place; 0 otherwise.
    static func bestShift(_ drawn: [StyledLine], _ wanted: [StyledLine]) -> Int {
        func kept(_ shift: Int) -> Int {
            var count = 0
            for row in 0..<min(drawn.count - shift, wanted.count) where drawn[row + shift] == wanted[row] {
                count += 1
            }
            return count
        }
        var best = 0
        var bestKept = kept(0)
        var shift = 1
        // A shift keeps at most the rows left after it: stop once that cannot beat the best.
        while shift < drawn.count, drawn.count - shift > bestKept + 1 {
            let count = kept(shift)
            if count > bestKept + 1 {
                best = shift
                bestKept = count
            }
            shift += 1
        }
        return best
    }
}
