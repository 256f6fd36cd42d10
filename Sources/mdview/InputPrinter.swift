import MarkdownCore

/// Reads each input, renders it and writes it to standard output, one after another under a title when
/// there are several. A bad input is reported and skipped, never fatal.
struct InputPrinter {
    let renderer: MarkdownRenderer
    let diagnostics: Diagnostics
    let output: any ByteSink
    /// Fetches inputs named by http(s) URL.
    var remote = RemoteDocumentLoader(settings: { .init() })
    /// `--timings`: each input's stage times on standard error.
    var reportsTimings = false
    /// Where `-` is read from.
    var standardInput = StandardInput()
    /// `--max-size`: larger documents are refused.
    var maxSize = DocumentSizeLimit.standard

    /// Prints every input; returns true when any of them could not be read. Throws when the output
    /// cannot take more (the reader went away).
    ///
    /// Each input is written as it is rendered, part by part. A document rendered in one part keeps its
    /// model alive in `keptAlive` until the process exits: the command ends right after rendering, and
    /// the kernel reclaims the memory faster than freeing it object by object.
    func print(_ inputs: [String], keptAlive: inout [Any]) throws(OutputError) -> Bool {
        var failed = false
        var first = true
        let titled = inputs.count > 1
        for input in inputs {
            let source: InputSource
            do {
                source = try InputSource.read(input, remote: remote, standardInput: standardInput, limit: maxSize)
            } catch {
                diagnostics.error(error)
                failed = true
                continue
            }
            if titled {
                var title: [UInt8] = first ? [] : [0x0A]
                title += renderer.titleBytes(for: source.displayName)
                try output.write(title)
            }
            first = false
            // Each part of the document is written as soon as it is ready (see `MarkdownRenderer.render`).
            let summary = try renderer.render(source.text, baseDirectory: source.baseDirectory) {
                (bytes: [UInt8]) throws(OutputError) in try output.write(bytes)
            }
            if reportsTimings { Self.report(summary.timings, for: source.displayName) }
            keptAlive.append(summary)
            keptAlive.append(source)
        }
        return failed
    }

    /// `mdview: timings: README.md: parse 0.4 ms, resolve 0.1 ms (highlighting 2.0 ms, images 0.0 ms), …`
    static func report(_ timings: StageTimings, for name: String) {
        let parts = [
            "parse \(timings.parse.millisecondsDescription)",
            "resolve \(timings.resolveStart.millisecondsDescription)",
            "highlighting \(timings.highlighting.millisecondsDescription)",
            "images \(timings.images.millisecondsDescription)",
            "layout \(timings.layout.millisecondsDescription)",
            "write \(timings.write.millisecondsDescription)",
            "total \(timings.total.millisecondsDescription)",
        ]
        var line = "timings: \(name): " + parts.joined(separator: ", ")
        if timings.parts > 1 {
            line += " (in \(timings.parts) parts, one after another)"
        }
        if timings.pieces > 1 {
            line += " (laid out in \(timings.pieces) pieces in parallel: highlighting and images overlap layout)"
        }
        Diagnostics.printError(line)
    }
}
