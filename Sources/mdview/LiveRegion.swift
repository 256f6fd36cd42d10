import MarkdownCore

/// The bottom of the terminal where a stream's unfinished tail is shown provisionally and redrawn in
/// place: the cursor goes up to the region's first row, the rows below are erased (never the whole
/// screen) and the new tail is written. Final lines are written above it once, for good.
///
/// The region is never taller than the screen minus one row: lines that would make it taller are
/// written for good (they scroll out of reach) and are not written again when their block becomes
/// final. The only escape sequences here are the region's own cursor movements; every line's bytes
/// come from `TerminalWriter`.
struct LiveRegion {
    let output: OutputStream
    /// The terminal's height in rows.
    var rows: Int
    /// How many rows the region occupies now (the cursor is at the start of the row below them).
    private var drawnRows = 0
    /// How many leading lines of the tail were already written for good.
    private var committed = 0
    private var lastProvisional: [StyledLine] = []
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
        if final.isEmpty && provisional == lastProvisional { return }
        lastProvisional = provisional
        var out: [UInt8] = []
        if !cursorHidden {
            out += Self.hideCursor
            cursorHidden = true
        }
        erase(into: &out)
        out += bytes(dropCommitted(final))
        var tail = provisional.dropFirst(committed)
        let limit = max(1, rows - 1)
        if tail.count > limit {
            let overflow = tail.count - limit
            out += bytes(Array(tail.prefix(overflow)))
            committed += overflow
            tail = tail.dropFirst(overflow)
        }
        out += bytes(Array(tail))
        drawnRows = tail.count
        try write(out)
    }

    /// Replaces the region with the last final lines and shows the cursor again.
    mutating func finish(final: [StyledLine], bytes: ([StyledLine]) -> [UInt8]) throws(OutputError) {
        var out: [UInt8] = []
        erase(into: &out)
        out += bytes(dropCommitted(final))
        if cursorHidden { out += Self.showCursor }
        cursorHidden = false
        drawnRows = 0
        lastProvisional = []
        try write(out)
    }

    /// Final lines start where the tail started (a settled part of an open container too: the next
    /// tail then starts after it): those of them already written for good are skipped.
    private mutating func dropCommitted(_ final: [StyledLine]) -> [StyledLine] {
        let skipped = min(committed, final.count)
        committed -= skipped
        return Array(final.dropFirst(skipped))
    }

    /// Cursor to the region's first row, then erase from there to the end of the screen.
    private func erase(into out: inout [UInt8]) {
        guard drawnRows > 0 else { return }
        out += Array("\r\u{1B}[\(drawnRows)A\u{1B}[J".utf8)
    }

    private func write(_ out: [UInt8]) throws(OutputError) {
        guard !out.isEmpty else { return }
        TerminalSignals.writing.store(true, ordering: .relaxed)
        defer { TerminalSignals.writing.store(false, ordering: .relaxed) }
        try output.write(out)
    }
}
