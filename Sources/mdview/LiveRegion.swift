import MarkdownCore

/// The bottom of the terminal where a stream's unfinished tail is shown provisionally and redrawn in
/// place, while final lines are written above it once, for good. It exists to keep one promise: what
/// reaches the scroll-back is final, so the screen plus scroll-back at the end equals the one-shot render.
///
/// - The region is never taller than the screen minus one row. A tail taller than that shows its newest
///   rows; its older rows are not written until their block is final, and then the block is written
///   whole, once. Rows that may still change never scroll out of the region.
/// - Between redraws the cursor waits at the region's top row. When the window gets shorter, a terminal
///   drops the rows below the cursor first (tmux, xterm), so the region's rows are not pushed into the
///   scroll-back; what is pushed there is final.
/// - After a resize the rows below the cursor are erased, one at a time, and the region is drawn again
///   (lines of the tail are laid out again at the new width by the stream; nothing was written for good
///   from them, so nothing is counted against them).
/// - Each redraw rewrites only rows that changed (`RegionRedraw`), inside synchronized output where the
///   terminal reports it, and never erases the display (tmux reads an erase from the top row as a clear).
///
/// The only escape sequences here are the region's own cursor movements and erases; every line's bytes
/// come from `TerminalWriter`.
struct LiveRegion {
    let output: any ByteSink
    /// The terminal's height in rows.
    private(set) var rows: Int
    /// The terminal's width in columns (0: not known).
    private(set) var columns: Int
    /// Whether the terminal reported synchronized output (mode 2026): redraws are then wrapped in it.
    var synchronized = false
    /// The rows the region shows now, from its top row (where the cursor is).
    private var drawnLines: [StyledLine] = []
    /// The window changed size: what the rows below the cursor show is not known.
    private var stale = false
    /// Where the cursor saved in the terminal (`ESC 7`) is: the region's top, or where the last redraw
    /// stopped writing (nil: nowhere known).
    private var saved: RegionRedraw.SavedCursor?
    /// The rendition the last redraw left set (the next piece in that style needs no sequence).
    private var pen = RegionPen.plain
    private var cursorHidden = false

    init(output: any ByteSink, rows: Int, columns: Int = 0) {
        self.output = output
        self.rows = rows
        self.columns = columns
    }

    private static let hideCursor = Array("\u{1B}[?25l".utf8)
    private static let showCursor = Array("\u{1B}[?25h".utf8)
    private static let beginSynchronized = Array("\u{1B}[?2026h".utf8)
    private static let endSynchronized = Array("\u{1B}[?2026l".utf8)

    /// The most rows the region shows: the screen minus the row the cursor ends on.
    var capacity: Int { max(1, rows - 1) }

    /// The window is now `rows` high and `columns` wide: the next redraw draws every row.
    mutating func resized(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        stale = true
    }

    /// Writes `final` for good and redraws the tail as `provisional` (its newest rows, when it is taller
    /// than the region).
    mutating func show(final: [StyledLine], provisional: [StyledLine], bytes: @escaping ([StyledLine]) -> [UInt8])
        throws(OutputError)
    {
        let window = provisional.suffix(capacity)
        var out: [UInt8] = []
        if !cursorHidden {
            out += Self.hideCursor
            cursorHidden = true
        }
        // The window is copied (at most a screenful): sharing the stream's array would make the next
        // redraw copy all of it when the stream extends its lines in place.
        out += redraw(as: final + Array(window), park: final.count, bytes: bytes)
        try write(out)
    }

    /// Leaves the terminal to the shell before the process stops (Ctrl-Z): plain style, the cursor shown
    /// on a fresh line below the rows the region shows. Those rows stay where they are; once the process
    /// goes on, the region starts again on the cursor's row, wherever the shell left it.
    mutating func suspend() throws(OutputError) {
        var out: [UInt8] = []
        pen.reset(into: &out)
        if cursorHidden { out += Self.showCursor }
        cursorHidden = false
        out += [UInt8](repeating: 0x0A, count: drawnLines.count) + [0x0D]
        drawnLines = []
        saved = nil
        stale = false
        try write(out)
    }

    /// Replaces the region with the last final lines and shows the cursor again, on a fresh line.
    mutating func finish(final: [StyledLine], bytes: @escaping ([StyledLine]) -> [UInt8]) throws(OutputError) {
        var out = redraw(as: final, park: final.count, bytes: bytes)
        pen.reset(into: &out)
        if cursorHidden { out += Self.showCursor }
        cursorHidden = false
        try write(out)
    }

    /// The bytes of one redraw, from the region's top row; the cursor ends at row `park`.
    private mutating func redraw(as shown: [StyledLine], park: Int, bytes: @escaping ([StyledLine]) -> [UInt8])
        -> [UInt8]
    {
        var out: [UInt8] = []
        if stale {
            pen.reset(into: &out)
            // Every row from the region's top to the bottom of the screen, erased on its own; the cursor
            // moves down without scrolling (it stops at the last row) and comes back to where it was.
            out += Array("\u{1B}7".utf8)
            for _ in 0..<rows { out += RegionRedraw.eraseRow + Array("\u{1B}[B".utf8) }
            out += RegionRedraw.eraseRow + Array("\u{1B}8".utf8)
            drawnLines = []
            stale = false
            saved = .top
        }
        // A region as tall as it gets starts at the screen's top row: its rows can move down too.
        let screenRows = drawnLines.count >= capacity ? rows : nil
        let planned = RegionRedraw(bytes: bytes).plan(
            from: drawnLines, to: shown, park: park, saved: saved, screenRows: screenRows, screenHeight: rows,
            columns: columns, pen: pen)
        saved = planned.saved
        pen = planned.pen
        drawnLines = Array(shown[park...])
        out += planned.bytes
        return out
    }

    /// Writes one redraw, inside synchronized output when the terminal reported it.
    private func write(_ redraw: [UInt8]) throws(OutputError) {
        guard !redraw.isEmpty else { return }
        let out = synchronized ? Self.beginSynchronized + redraw + Self.endSynchronized : redraw
        TerminalSignals.writing.store(true, ordering: .relaxed)
        defer {
            TerminalSignals.rowsBelowCursor.store(drawnLines.count, ordering: .relaxed)
            TerminalSignals.writing.store(false, ordering: .relaxed)
        }
        try output.write(out)
    }
}
