import FoundationEssentials
import Glibc
import Highlight
import MarkdownCore
import Synchronization

// Times the streaming engine (`MarkdownStream`) for scripts/bench-stream.sh:
//   StreamBench append                  per-chunk cost of appending plain words to an open paragraph
//   StreamBench document FILE [CHUNK] [provisional]
//                                       FILE streamed in CHUNK-byte pieces (default 64), an update after
//                                       each (with the provisional tail laid out when `provisional`),
//                                       against one-shot rendering of the same text
//   StreamBench code LINES [SHAPE [PIECE]]
//                                       a LINES-line block streamed a line at a time (or in PIECE-byte
//                                       pieces, most ending in the middle of a line), highlighted: the
//                                       highlighter's CPU time (provisional redraws and the final block)
//                                       against highlighting the block once, the same calls replayed back
//                                       to back, and the whole stream against rendering the block once;
//                                       and the colour check: each line's colours when it scrolls out
//                                       of a 40-row live region against its final colours.
//                                       SHAPE: functions (Python, top-level functions; the default), class
//                                       (one Python class), c (one long C function), js (one JavaScript
//                                       class, open inside its methods), json (one JSON array); and one
//                                       container of short items in ruby, bash, lua (blocks closed by
//                                       words), html, jsonpretty (an array of pretty-printed objects),
//                                       java, rust, go, yaml, css, php, toml, typescript, tsx (a JSX
//                                       list), tsxpage (a list of three-line items in nested elements),
//                                       sql (a table's columns), sqlvalues (an INSERT's rows),
//                                       sqlinserts, cpp, csharp, kotlin, swift, scala, pydict, dockerfile,
//                                       make, haskell, toml, typescript; one token over the whole block in
//                                       pystring (a docstring), ccomment, jstemplate, rubyheredoc,
//                                       bashheredoc; bashcase (a shell case); jsregex (regular
//                                       expressions holding brackets and quotes) and rustraw (raw
//                                       strings) (CodeShapes.swift)
// Each prints medians over several runs (a code case's: STREAMBENCH_ROUNDS, 3 by default), in milliseconds.
// STREAMBENCH_PACED_ONLY=1 leaves out the code case with every redraw highlighted (for callgrind).

let clock = ContinuousClock()
let renderer = MarkdownRenderer(
    capabilities: TerminalCapabilities(width: 80, colorDepth: .trueColor, hyperlinks: false))

func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

/// `value` with `digits` decimals (FoundationEssentials has no `String(format:)`).
func fixed(_ value: Double, _ digits: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (value * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(abs(scaled) - abs(Double(whole)) * scale)
    guard digits > 0 else { return String(whole) }
    let text = String(fraction)
    return String(whole) + "." + String(repeating: "0", count: max(0, digits - text.count)) + text
}

func fail(_ message: String) -> Never {
    print("StreamBench: " + message)
    exit(2)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func appendBench() {
    let words = ["streaming", "words", "arrive", "one", "after", "another,", "as", "a", "model", "writes."]
    var perChunk: [Double] = []
    for run in 0..<7 {
        var stream = MarkdownStream(renderer: renderer)
        stream.feed("# Answer\n\nThe")
        _ = stream.update()
        var samples: [Double] = []
        for index in 0..<2000 {
            let piece = " " + words[(index + run) % words.count]
            let start = clock.now
            stream.feed(piece)
            _ = stream.update(provisional: true)
            samples.append(milliseconds(start.duration(to: clock.now)))
        }
        perChunk.append(median(samples))
    }
    print(
        "plain append to an open paragraph: \(fixed(median(perChunk), 4)) ms per chunk "
            + "(median of 2000 chunks, 7 runs)")
}

func documentBench(_ path: String, chunk: Int, provisional: Bool) {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    let bytes = [UInt8](data)
    let text = String(decoding: bytes, as: UTF8.self)
    var streamed: [Double] = []
    var oneShot: [Double] = []
    var equal = true
    for _ in 0..<5 {
        var start = clock.now
        let expected = renderer.render(text)
        oneShot.append(milliseconds(start.duration(to: clock.now)))
        start = clock.now
        var stream = MarkdownStream(renderer: renderer)
        var lines: [StyledLine] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunk)
            stream.feed(bytes[offset..<end])
            lines += stream.update(provisional: provisional).final
            offset = end
        }
        lines += stream.finish()
        let out = stream.bytes(for: lines)
        streamed.append(milliseconds(start.duration(to: clock.now)))
        equal = equal && out == expected
    }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    print(
        "\(name) (\(bytes.count / 1024) KB) in \(chunk)-byte chunks, an update after each"
            + (provisional ? " with the provisional tail" : "") + ": streamed "
            + "\(fixed(median(streamed))) ms, one-shot \(fixed(median(oneShot))) ms, ratio "
            + "\(fixed(median(streamed) / median(oneShot), 2)), output \(equal ? "identical" : "DIFFERENT")")
}

/// The highlighter the command uses, timing the CPU its calls take on their threads (a caller waiting for
/// another thread's result costs nothing), so that the highlighting share of a stream can be told apart.
final class TimedHighlighter: SyntaxHighlighter {
    let inner: TreeSitterHighlighter
    private let spent = Mutex<UInt64>(0)
    /// The calls made, in order, when recording (`replay`).
    private let recorded: Mutex<[Call]>?

    /// One call: a block's code, and whether it was highlighted provisionally. A provisional call's code
    /// is kept as its length only (it is the start of the final block's code): holding on to it would
    /// make the stream copy its open block's code at every line, which the command does not.
    struct Call {
        var code: String?
        var count: Int
        var provisional: Bool
    }

    var calls: [Call] { recorded?.withLock { $0 } ?? [] }

    init(parseTimeout: Duration, recording: Bool = false) {
        recorded = recording ? Mutex([]) : nil
        inner = TreeSitterHighlighter(
            searchPath: .standard(
                explicitDirectory: nil, environment: ProcessInfo.processInfo.environment,
                executableURL: URL(fileURLWithPath: "/proc/self/exe")),
            parseTimeout: parseTimeout)
    }

    /// Milliseconds of CPU time spent in `tokens` so far.
    var milliseconds: Double { Double(spent.withLock { $0 }) / 1e6 }

    func tokens(for code: String, language: String) -> [SyntaxToken]? {
        let start = Self.threadCPU()
        defer {
            let used = Self.threadCPU() - start
            spent.withLock { $0 += used }
        }
        recorded?.withLock {
            $0.append(Call(code: code, count: code.utf8.count, provisional: false))
        }
        return inner.tokens(for: code, language: language)
    }

    func provisionalTokens(for code: String, language: String, state: inout (any Sendable)?) -> ProvisionalTokens? {
        let start = Self.threadCPU()
        defer {
            let used = Self.threadCPU() - start
            spent.withLock { $0 += used }
        }
        recorded?.withLock {
            $0.append(Call(code: nil, count: code.utf8.count, provisional: true))
        }
        return inner.provisionalTokens(for: code, language: language, state: &state)
    }

    func prepare(language: String) { inner.prepare(language: language) }

    static func threadCPU() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// Milliseconds of CPU time that `calls` (a stream's, recorded) take made back to back on a highlighter
/// that has loaded `language`: the highlighting alone, without the stream's layout and writing between
/// the calls (which take its data out of the caches). A provisional call's code is the start of the
/// final block's (`final`), made again outside the time counted.
func replayed(_ calls: [TimedHighlighter.Call], final: String, language: String) -> Double {
    let highlighter = TimedHighlighter(parseTimeout: .seconds(60)).inner
    _ = highlighter.tokens(for: "x\n", language: language)
    let bytes = Array(final.utf8)
    var spent: UInt64 = 0
    var state: (any Sendable)?
    for call in calls {
        let code = call.code ?? String(decoding: bytes[..<call.count], as: UTF8.self)
        let start = TimedHighlighter.threadCPU()
        if call.provisional {
            _ = highlighter.provisionalTokens(for: code, language: language, state: &state)
        } else {
            _ = highlighter.tokens(for: code, language: language)
        }
        spent += TimedHighlighter.threadCPU() - start
    }
    return Double(spent) / 1e6
}

/// Runs of each code case (medians are over them): STREAMBENCH_ROUNDS, 3 by default.
let codeRounds = max(1, Int(getenv("STREAMBENCH_ROUNDS").map { String(cString: $0) } ?? "") ?? 3)

/// Whether a code case leaves out the stream with every redraw highlighted (STREAMBENCH_PACED_ONLY set):
/// under callgrind, the highlighter's instructions are then those of the paced stream and of one-shot
/// highlights only.
let pacedOnly = getenv("STREAMBENCH_PACED_ONLY") != nil

/// The rows of a live region (the colour check's).
let liveRows = 40

/// Streams `lines` as a fenced block of `language`, a provisional update after each, with the highlighting
/// paced or not: the highlighting's CPU time, the whole stream's time (ms), the bytes, the calls made
/// (after loading the language), and how many of the rows that scrolled out of a `liveRows`-row live
/// region showed other colours then than in the final lines, of how many.
func streamCode(
    _ lines: [String], language: String, pacing: Bool
) -> (
    highlighting: Double, streamed: Double, out: [UInt8], calls: [TimedHighlighter.Call],
    colours: (differing: Int, rows: Int)
) {
    let timed = TimedHighlighter(parseTimeout: .seconds(60), recording: true)
    _ = timed.tokens(for: "x\n", language: language)
    let before = timed.milliseconds
    var stream = MarkdownStream(renderer: MarkdownRenderer(capabilities: renderer.capabilities, highlighter: timed))
    stream.pacesHighlighting = pacing
    let start = clock.now
    stream.feed("```\(language)\n")
    // Each row as it was when it scrolled out of the live region (the block is the only one, so its rows
    // are the provisional lines).
    var scrolledOut: [StyledLine] = []
    for line in lines {
        stream.feed(line)
        let rows = stream.update(provisional: true).provisional
        while scrolledOut.count < rows.count - liveRows { scrolledOut.append(rows[scrolledOut.count]) }
    }
    stream.feed("```\n")
    let final = stream.update(provisional: true).final + stream.finish()
    let out = stream.bytes(for: final)
    let streamed = milliseconds(start.duration(to: clock.now))
    let differing = zip(scrolledOut, final).count { $0 != $1 }
    return (
        timed.milliseconds - before, streamed, out, Array(timed.calls.dropFirst()), (differing, scrolledOut.count)
    )
}

func codeBench(lines count: Int, shape: String, piece: Int?) {
    guard let (language, code) = codeSample(shape, lines: count) else { fail("unknown code shape \(shape)") }
    // A line at a time, or pieces of `piece` bytes (most ending in the middle of a line).
    let lines =
        piece.map { size in
            stride(from: 0, to: code.utf8.count, by: size).map {
                String(decoding: Array(code.utf8)[$0..<min($0 + size, code.utf8.count)], as: UTF8.self)
            }
        } ?? code.split(separator: "\n").map { String($0) + "\n" }
    let document = "```\(language)\n" + code + "```\n"
    var streamedTimes: [Double] = []
    var highlightTimes: [Double] = []
    var onceTimes: [Double] = []
    var renderTimes: [Double] = []
    var replayTimes: [Double] = []
    var everyRedrawTimes: [Double] = []
    var highlightCalls: [Double] = []
    var colours = (differing: 0, rows: 0)
    var equal = true
    for _ in 0..<codeRounds {
        // Highlighting the block once, on a highlighter that has loaded the language but not seen the block.
        let once = TimedHighlighter(parseTimeout: .seconds(60))
        _ = once.tokens(for: "x\n", language: language)
        let before = once.milliseconds
        _ = once.tokens(for: code, language: language)
        onceTimes.append(once.milliseconds - before)

        let oneShot = MarkdownRenderer(
            capabilities: renderer.capabilities, highlighter: TimedHighlighter(parseTimeout: .seconds(60)))
        _ = oneShot.render("```\(language)\nx\n```\n")
        let start = clock.now
        let expected = oneShot.render(document)
        renderTimes.append(milliseconds(start.duration(to: clock.now)))

        // The stream on a highlighter of its own, so that its final block is not a cache hit of the
        // one-shot render: the figure is every highlight a real stream makes, provisional and final.
        let paced = streamCode(lines, language: language, pacing: true)
        streamedTimes.append(paced.streamed)
        highlightTimes.append(paced.highlighting)
        highlightCalls.append(Double(paced.calls.count))
        colours = (max(colours.differing, paced.colours.differing), paced.colours.rows)
        equal = equal && paced.out == expected
        // The same with every redraw highlighted in full, for comparison (left out for an instruction
        // count of the paced stream alone).
        if !pacedOnly {
            let everyRedraw = streamCode(lines, language: language, pacing: false)
            everyRedrawTimes.append(everyRedraw.highlighting)
            equal = equal && everyRedraw.out == expected
        }
        let calls = paced.calls
        guard let final = calls.last(where: { !$0.provisional })?.code,
            calls.allSatisfy({ $0.count <= final.utf8.count })
        else { fail("the stream's calls do not end in the final block") }
        replayTimes.append(replayed(calls, final: final, language: language))
    }
    print(
        "\(code.split(separator: "\n").count)-line \(language) block (\(shape)), "
            + (piece.map { "in \($0)-byte pieces" } ?? "a line at a time")
            + " (provisional redraw after each): highlighting, "
            + "provisional and final, "
            + "\(fixed(median(highlightTimes))) ms CPU, once \(fixed(median(onceTimes))) ms, ratio "
            + "\(fixed(median(highlightTimes) / median(onceTimes), 2)) (target ≤ 4); the same calls back to back "
            + "\(fixed(median(replayTimes))) ms, ratio \(fixed(median(replayTimes) / median(onceTimes), 2)); "
            + "\(Int(median(highlightCalls))) highlights for \(lines.count) redraws; "
            + (pacedOnly
                ? ""
                : "every redraw highlighted \(fixed(median(everyRedrawTimes))) ms, ratio "
                    + "\(fixed(median(everyRedrawTimes) / median(onceTimes), 2)); ")
            + "whole stream "
            + "\(fixed(median(streamedTimes))) ms, one-shot render \(fixed(median(renderTimes))) ms, ratio "
            + "\(fixed(median(streamedTimes) / median(renderTimes), 2)), output \(equal ? "identical" : "DIFFERENT"); "
            + "colour check: \(colours.differing) of \(colours.rows) rows differ when they leave a \(liveRows)-row region"
    )
}

let arguments = CommandLine.arguments
switch arguments.count > 1 ? arguments[1] : "" {
case "append":
    appendBench()
case "document" where arguments.count > 2:
    documentBench(
        arguments[2], chunk: arguments.count > 3 ? Int(arguments[3]) ?? 64 : 64,
        provisional: arguments.count > 4 && arguments[4] == "provisional")
case "code":
    codeBench(
        lines: arguments.count > 2 ? Int(arguments[2]) ?? 2000 : 2000,
        shape: arguments.count > 3 ? arguments[3] : "functions",
        piece: arguments.count > 4 ? Int(arguments[4]) : nil)
default:
    fail(
        "usage: StreamBench append | document FILE [CHUNK] [provisional] | code [LINES [functions|class|c|js|json [PIECE]]]"
    )
}
