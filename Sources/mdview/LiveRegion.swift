import MarkdownCore

/// The bottom of the terminal where a stream's unfinished tail is shown provisionally and redrawn in
/// place: the cursor goes up to the first row that changes, the rows below are erased (never the whole
/// screen) and the rest of the new tail is written. Final lines are written above it once, for good.
/// Rows that stay the same are not written again: a code block growing a line at a time costs a row
/// per redraw, not a screenful.
///
/// The region is never taller than the screen minus one row: lines that would make it taller are
/// written for good (they scroll out of reach) and are not written again when their block becomes
/// final. The only escape sequences here are the region's own cursor movements; every line's bytes
/// come from `TerminalWriter`.
struct LiveRegion {
    let output: OutputStream
    /// The terminal's height in rows.
    var rows: Int
    /// The lines the region shows now, a row each (the cursor is at the start of the row below them).
    private var drawnLines: [StyledLine] = []
    /// How many leading lines of the tail were already written for good.
    private var committed = 0
    private var cursorHidden = false

    init(output: OutputStream, rows: Int) {
        self.output = output
        self.rows = rows
    }

    private static let hideCursor = Array("\u{1B}[?25l".utf8)
    private static let showCursor = Array("\u{1B}[?25h".utf8)

    /// Writes `final` for good and redraws the tail as `provisional`.
    mutating func show(final: [StyledLine], provisional: [StyledLine], bytes: ([StyledLine]) -> [UInt8])
        throws(OutputError)
    {
        var out: [UInt8] = []
        if !cursorHidden {
            out += Self.hideCursor
            cursorHidden = true
        }
        // From the region's first row down: the final lines, then the tail; lines that would make the
        // region taller than the screen are written for good.
        let written = dropCommitted(final)
        let tail = provisional.dropFirst(committed)
        let overflow = max(0, tail.count - max(1, rows - 1))
        redraw(as: written + tail, into: &out, bytes: bytes)
        committed += overflow
        // Copied (at most a screenful): sharing the stream's array would make the next redraw copy all
        // of it when the stream extends its lines in place.
        drawnLines = tail.dropFirst(overflow).map { $0 }
        try write(out)
    }

    /// Replaces the region with the last final lines and shows the cursor again.
    mutating func finish(final: [StyledLine], bytes: ([StyledLine]) -> [UInt8]) throws(OutputError) {
        var out: [UInt8] = []
        redraw(as: dropCommitted(final), into: &out, bytes: bytes)
        if cursorHidden { out += Self.showCursor }
        cursorHidden = false
        drawnLines = []
        try write(out)
    }

    /// Final lines start where the tail started (a settled part of an open container too: the next
    /// tail then starts after it): those of them already written for good are skipped.
    private mutating func dropCommitted(_ final: [StyledLine]) -> [StyledLine] {
        let skipped = min(committed, final.count)
        committed -= skipped
        return Array(final.dropFirst(skipped))
    }

    /// The region's rows from its top made to show `shown`: the cursor goes up to the first row that
    /// differs from what is drawn, erases from there to the end of the screen, and the rest is written.
    private func redraw(as shown: [StyledLine], into out: inout [UInt8], bytes: ([StyledLine]) -> [UInt8]) {
        let same = zip(drawnLines, shown).prefix { $0 == $1 }.count
        let up = drawnLines.count - same
        if up > 0 { out += Array("\r\u{1B}[\(up)A\u{1B}[J".utf8) }
        out += bytes(Array(shown[same...]))
    }

    private func write(_ out: [UInt8]) throws(OutputError) {
        guard !out.isEmpty else { return }
        TerminalSignals.writing.store(true, ordering: .relaxed)
        defer { TerminalSignals.writing.store(false, ordering: .relaxed) }
        try output.write(out)
    }
}
