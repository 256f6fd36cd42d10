// Measures syntax highlighting speed for `make bench` (scripts/bench-highlight.sh): medians over
// repeated runs of highlighting 50 and 500 lines of Python with the installed grammars, each run on
// content the cache has not seen.
import Foundation
import Highlight
import MarkdownCore

let pythonUnit = """
    import os
    from dataclasses import dataclass, field

    MAX_RETRIES = 3  # retry budget


    @dataclass
    class Job:
        \"\"\"A unit of work with a name and a priority.\"\"\"
        name: str
        priority: int = 0
        tags: list[str] = field(default_factory=list)

        def describe(self, verbose: bool = False) -> str:
            label = f"{self.name} ({self.priority})"
            if verbose and self.tags:
                label += " [" + ", ".join(sorted(self.tags)) + "]"
            return label


    def run(jobs, limit=None):
        done = []
        for index, job in enumerate(sorted(jobs, key=lambda j: -j.priority)):
            if limit is not None and index >= limit:
                break
            try:
                result = os.path.join("/tmp", job.name) * 2 + str(0x1F) + r"\\d+"
            except (OSError, ValueError) as error:
                print("failed:", error, file=None)
                continue
            done.append((job, result, 3.14e-2))
        return {"done": len(done), "ok": True, "retries": MAX_RETRIES}

    """

func lines(_ count: Int, salt: Int) -> String {
    let unit = pythonUnit.split(separator: "\n", omittingEmptySubsequences: false)
    var result: [Substring] = []
    while result.count < count - 1 { result += unit }
    return result.prefix(count - 1).joined(separator: "\n") + "\n# run \(salt)\n"
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

// `HighlightBench --python N` prints N lines of the sample for other benchmarks to wrap in a document.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--python", let count = Int(CommandLine.arguments[2]) {
    print(lines(max(2, count), salt: 0), terminator: "")
    exit(0)
}

let runs = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 51
let log = DiagnosticCollector()
let highlighter = TreeSitterHighlighter(
    searchPath: .standard(
        explicitDirectory: nil, environment: ProcessInfo.processInfo.environment,
        executableURL: URL(fileURLWithPath: CommandLine.arguments[0])),
    parseTimeout: .seconds(1), diagnostics: log)

let loadStart = DispatchTime.now().uptimeNanoseconds
guard let warm = highlighter.tokens(for: lines(50, salt: -1), language: "python") else {
    FileHandle.standardError.write(
        Data("bench-highlight: python not available: \(log.diagnostics.map(\.description))\n".utf8))
    exit(1)
}
let firstUse = Double(DispatchTime.now().uptimeNanoseconds - loadStart) / 1e6
print(String(format: "first use (load grammar + read query + highlight 50 lines): %.1f ms", firstUse))
_ = warm

var cacheSalt = 0
for count in [50, 500] {
    var times: [Double] = []
    var tokenCount = 0
    for _ in 0..<runs {
        cacheSalt += 1
        let code = lines(count, salt: cacheSalt)
        let start = DispatchTime.now().uptimeNanoseconds
        let tokens = highlighter.tokens(for: code, language: "python")
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        tokenCount = tokens?.count ?? -1
    }
    let target = count == 50 ? 2.0 : 10.0
    print(
        String(
            format: "highlight %d lines of Python: median %.2f ms, min %.2f ms (%d runs, %d tokens; target <= %.0f ms)",
            count, median(times), times.min() ?? 0, runs, tokenCount, target))
}

let cached = lines(500, salt: 0)
_ = highlighter.tokens(for: cached, language: "python")
var hits: [Double] = []
for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    _ = highlighter.tokens(for: cached, language: "python")
    hits.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
}
print(String(format: "cached 500 lines (same content again): median %.3f ms", median(hits)))

// A block that grows a line at a time, as a code fence does while it streams (each redraw highlights
// it again): the parse reuses the last tree (ts_tree_edit) and the query is matched again only where the
// tree changed (provisionalTokens).
let growingCount = 2000
let growingCode = lines(growingCount, salt: -7)
let growingLines = growingCode.split(separator: "\n", omittingEmptySubsequences: false)
var grownTimes: [Double] = []
var onceTimes: [Double] = []
for round in 0..<3 {
    let fresh = TreeSitterHighlighter(
        searchPath: .standard(
            explicitDirectory: nil, environment: ProcessInfo.processInfo.environment,
            executableURL: URL(fileURLWithPath: CommandLine.arguments[0])),
        parseTimeout: .seconds(5))
    _ = fresh.tokens(for: "x = 1\n", language: "python")
    var prefix = "# round \(round)\n"
    var start = DispatchTime.now().uptimeNanoseconds
    for line in growingLines {
        prefix += line + "\n"
        _ = fresh.provisionalTokens(for: prefix, language: "python")
    }
    grownTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    start = DispatchTime.now().uptimeNanoseconds
    _ = fresh.tokens(for: prefix + "# once\n", language: "python")
    onceTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
}
print(
    String(
        format:
            "a %d-line block highlighted after every line (incremental): %.0f ms in all, %.1f ms once (%.0fx)",
        growingCount, median(grownTimes), median(onceTimes), median(grownTimes) / median(onceTimes)))
