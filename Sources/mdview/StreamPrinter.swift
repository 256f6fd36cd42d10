import FoundationEssentials
import MarkdownCore

/// `--stream`: renders standard input as it arrives through a `MarkdownStream`, at most once per
/// throttle interval. Into a pipe or file only final blocks are written (the bytes equal the one-shot
/// render); on a terminal the unfinished tail is shown in a `LiveRegion`. Files are read to their
/// current end and rendered through the same engine (no following).
struct StreamPrinter {
    let renderer: MarkdownRenderer
    let diagnostics: Diagnostics
    let output: OutputStream
    /// Fetches inputs named by http(s) URL, as for one-shot rendering.
    var remote = RemoteDocumentLoader(settings: { .init() })
    /// `--max-size`, for files (read whole; standard input streamed is not capped).
    var maxSize = DocumentSizeLimit.standard
    let throttleMilliseconds: Int
    /// A live region on this terminal (nil: only final blocks are written).
    let live: LiveTerminal?

    /// The terminal a live region is drawn on.
    struct LiveTerminal {
        var rows: Int
        /// The window's width (0: not known).
        var columns = 0
        /// Whether the layout follows the window's width when it changes (no `--width` was given).
        var followsWidth: Bool
        /// Whether the terminal reports synchronized output (DECRQM mode 2026): redraws then use it.
        /// Asked only once standard input is streamed (input that ends at once asks nothing).
        var synchronizedOutput: () -> Bool = { false }
    }

    private var baseDirectory: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }

    /// Prints every input, standard input streamed (starting with `initial`, bytes already read);
    /// returns true when any of them could not be read.
    func print(_ inputs: [String], initial: [UInt8] = []) throws(OutputError) -> Bool {
        var failed = false
        let titled = inputs.count > 1
        for (index, input) in inputs.enumerated() {
            var title: [UInt8] = []
            if titled {
                if index > 0 { title.append(0x0A) }
                title += renderer.titleBytes(for: input == "-" ? "standard input" : input)
            }
            if input == "-" {
                try output.write(title)
                failed = try streamStandardInput(initial: index == 0 ? initial : []) || failed
                continue
            }
            let source: InputSource
            do {
                source = try InputSource.read(input, remote: remote, limit: maxSize)
            } catch {
                diagnostics.error(error)
                failed = true
                continue
            }
            var stream = MarkdownStream(renderer: renderer, baseDirectory: source.baseDirectory)
            stream.feed(source.text)
            var lines = stream.update(provisional: false).final
            lines += stream.finish()
            try output.write(title + stream.bytes(for: lines))
        }
        return failed
    }

    /// Renders `bytes`, the whole of standard input, at once: `auto` found its end before streaming.
    func printWhole(_ bytes: [UInt8]) throws(OutputError) {
        try output.write(renderer.render(InputSource.decode(bytes), baseDirectory: baseDirectory))
    }

    /// The streaming loop: read what arrives, render at most once per throttle interval and not before
    /// the stream's next update is due (`MarkdownStream.updateDue`: a costly update waits longer), finish
    /// at the end of input. Returns true when reading failed (what arrived is still rendered).
    private func streamStandardInput(initial: [UInt8]) throws(OutputError) -> Bool {
        var stream = MarkdownStream(renderer: renderer, baseDirectory: baseDirectory)
        var region = live.map {
            var region = LiveRegion(output: output, rows: $0.rows, columns: $0.columns)
            region.synchronized = $0.synchronizedOutput()
            return region
        }
        // Asked once: a test of the optional region copies the region (its rows) each time.
        let drawsRegion = region != nil
        if drawsRegion { TerminalSignals.install() }
        // Paced highlighting leaves a few code lines plain for a moment: only where they cannot scroll out.
        stream.pacesHighlighting =
            live.map { MarkdownStream.pacedHighlightingFits(rows: $0.rows, width: stream.width) } ?? false
        var input = StreamInput()
        if drawsRegion { input.wakeDescriptor = TerminalSignals.wakeDescriptor }
        let clock = ContinuousClock()
        let throttle = Duration.milliseconds(throttleMilliseconds)
        var lastDraw = clock.now.advanced(by: .zero - throttle)
        stream.feed(initial)
        var dirty = !initial.isEmpty
        // A redraw due without new input: the live region shows code whose highlighting was paced.
        var refreshAt: ContinuousClock.Instant?
        var failed = false
        // Bytes fed since the last render: input that arrives faster than it is rendered (a file, a fast
        // writer) is rendered every `renderEvery` bytes, so memory stays bounded by that, not the input.
        var unrendered = initial.count
        // Whether the last read filled a page or more: a writer that fast is read as fast as it writes, so
        // that it is not held to a pipe's buffer per redraw.
        var inputIsFast = false
        reading: while true {
            // New input is drawn once the throttle allows, and on a terminal not before the growing code
            // block's next highlight is due (a little later at most): drawn sooner, its new lines would show
            // plain and be redrawn coloured at `refreshAt`.
            let earliest = max(lastDraw.advanced(by: throttle), stream.updateDue ?? lastDraw)
            var drawAt = earliest
            if drawsRegion, let due = stream.highlightDue {
                drawAt = max(drawAt, min(due, drawAt.advanced(by: Self.mostHighlightWait)))
            }
            var wait: Int32 = -1
            if dirty {
                wait = Self.milliseconds(clock.now.duration(to: drawAt))
            } else if let refreshAt {
                wait = Self.milliseconds(clock.now.duration(to: max(refreshAt, earliest)))
            }
            do {
                // A draw is due at the end of the wait whatever arrives: what a slow writer sends meanwhile
                // is read then, in one piece, or every `mostDeferredWait` under a long `--throttle`, so that
                // the end of input is not noticed a throttle interval late.
                let deferring = dirty && !inputIsFast
                let waited = deferring ? min(wait, Self.mostDeferredWait) : wait
                switch try input.next(waitingAtMost: waited, deferringInput: deferring) {
                case .bytes(let bytes):
                    stream.feed(bytes)
                    dirty = true
                    unrendered += bytes.count
                    inputIsFast = bytes.count >= Self.fastReadBytes
                case .endOfInput:
                    break reading
                case .timeout:
                    break
                }
            } catch {
                diagnostics.error(error)
                failed = true
                break reading
            }
            if let live, drawsRegion, TerminalSignals.takeResize(), let size = TerminalSignals.windowSize() {
                if live.followsWidth { stream.width = size.columns }
                region?.resized(rows: size.rows, columns: size.columns)
                stream.pacesHighlighting = MarkdownStream.pacedHighlightingFits(rows: size.rows, width: stream.width)
                dirty = true
            }
            if drawsRegion, TerminalSignals.takeSuspend() {
                try region?.suspend()
                TerminalSignals.stop()
                dirty = true
            }
            let now = clock.now
            // Past `renderEvery` bytes the throttle no longer applies, but the update's cost still does: an
            // open block parsed whole at each update (a list that never ends) is not parsed per 256 KB.
            let drawDue = dirty && now >= (unrendered >= Self.renderEvery ? stream.updateDue ?? now : drawAt)
            let refreshDue = refreshAt.map { now >= max($0, earliest) } ?? false
            if drawDue || refreshDue {
                refreshAt = try draw(&stream, &region, drawsRegion: drawsRegion)
                lastDraw = clock.now
                dirty = false
                unrendered = 0
            }
        }
        let final = stream.finish()
        if drawsRegion {
            try region?.finish(final: final, bytes: { stream.bytes(for: $0) })
        } else {
            try output.write(stream.bytes(for: final))
        }
        return failed
    }

    /// At most this much input is read before it is rendered, whatever the throttle.
    static let renderEvery = 256 * 1024

    /// A read this long (a page of a pipe's buffer) comes from a writer faster than the redraws.
    static let fastReadBytes = 4096

    /// The longest a wait sleeps through input (about the default throttle interval and its highlight
    /// wait): what arrives is read, and the end of input noticed, at least this often.
    static let mostDeferredWait: Int32 = 40

    /// How much later than the throttle allows a redraw may wait for a code block's next highlight: a few
    /// milliseconds, within the scheduling slack of the throttle (a highlight due later than that is
    /// paced: its lines are drawn plain and redrawn coloured when it is due).
    static let mostHighlightWait = Duration.milliseconds(4)

    /// A wait for poll(2), rounded up so that the deadline has passed when it returns.
    static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    /// Renders what arrived; returns when the live region should be redrawn again without new input.
    private func draw(
        _ stream: inout MarkdownStream, _ region: inout LiveRegion?, drawsRegion: Bool
    ) throws(OutputError) -> ContinuousClock.Instant? {
        guard drawsRegion else {
            let update = stream.update(provisional: false)
            if !update.final.isEmpty { try output.write(stream.bytes(for: update.final)) }
            return nil
        }
        let update = stream.update(provisional: true)
        let writer = stream
        try region?.show(final: update.final, provisional: update.provisional, bytes: { writer.bytes(for: $0) })
        return update.refreshBy
    }
}
