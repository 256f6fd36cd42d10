import FoundationEssentials
import Glibc
import MarkdownCore

/// Where the rendered documents go — straight to standard output, or through a pager — and the one
/// place that decides it (`--pager`).
///
/// Paged output is rendered into memory first: `auto` pages only output taller than the terminal, and
/// a pager that cannot start must not lose the document. Graphics protocols cannot be paged, so in a
/// pager pictures are drawn as half-blocks: `always` renders them so from the start; `auto` renders as
/// usual and, only when the output turns out taller than the screen and holds graphics, renders again
/// with half-blocks.
final class OutputPlan {
    /// The image flags, asked for only when a document has an image (see `Invocation`).
    typealias ImageOptionsSource = @Sendable () -> ImageOptions
    /// Builds the renderer for a set of image options and a diagnostics sink.
    typealias RendererFactory = (@escaping ImageOptionsSource, Diagnostics) -> MarkdownRenderer

    let mode: PagerMode
    let environment: TerminalEnvironment
    let reportsTimings: Bool
    let verbose: Bool
    /// Fetches inputs named by http(s) URL.
    var remote = RemoteDocumentLoader(settings: { .init() })
    /// Standard input, read once however often the inputs are rendered.
    var standardInput = StandardInput()
    /// `--max-size`: the largest document read.
    var maxSize = DocumentSizeLimit.standard
    /// Every rendered document, referenced until the process exits: the kernel reclaims the memory
    /// faster than freeing it object by object.
    private var keptAlive: [Any] = []

    init(mode: PagerMode, environment: TerminalEnvironment, reportsTimings: Bool, verbose: Bool) {
        self.mode = mode
        self.environment = environment
        self.reportsTimings = reportsTimings
        self.verbose = verbose
    }

    /// Whether output may go through a pager at all.
    var mayPage: Bool {
        switch mode {
        case .never: return false
        case .always: return true
        case .auto: return environment.stdoutIsTerminal && environment.windowRows != nil
        }
    }

    /// Renders and writes every input; returns the exit status: 1 when an input could not be read or
    /// the output failed, else 0 (also when the reader or the pager went away early).
    func print(_ inputs: [String], imageOptions: @escaping ImageOptionsSource, renderer: RendererFactory) -> Int32 {
        let diagnostics = Diagnostics(verbose: verbose)
        guard mayPage else {
            return render(inputs, renderer(imageOptions, diagnostics), diagnostics, into: OutputStream.standardOutput)
        }
        let pagedImages: ImageOptionsSource = { Self.halfBlocks(imageOptions()) }
        let buffer = OutputBuffer()
        var status = render(
            inputs, renderer(mode == .always ? pagedImages : imageOptions, diagnostics), diagnostics, into: buffer)
        var bytes = buffer.bytes
        if mode == .auto {
            guard buffer.lineCount > environment.windowRows ?? .max else {
                return write(bytes, status: status)
            }
            if buffer.containsGraphics {
                // Errors, notes and timings were printed by the first rendering.
                let quiet = Diagnostics(verbose: false, silent: true)
                let again = OutputBuffer()
                status = render(inputs, renderer(pagedImages, quiet), quiet, into: again, timings: false)
                bytes = again.bytes
            }
        }
        do {
            try Pager(environment: environment.variables).page(bytes, environment: environment.variables)
        } catch {
            Diagnostics.printError("pager: \(error.reason); writing the output without it")
            return write(bytes, status: status)
        }
        return status
    }

    /// Image options for a pager: pictures as half-blocks (unless they are off).
    static func halfBlocks(_ options: ImageOptions) -> ImageOptions {
        var options = options
        if !options.noImages && options.images != .none { options.images = .blocks }
        return options
    }

    private func render(
        _ inputs: [String], _ renderer: MarkdownRenderer, _ diagnostics: Diagnostics, into output: any ByteSink,
        timings: Bool = true
    ) -> Int32 {
        var printer = InputPrinter(renderer: renderer, diagnostics: diagnostics, output: output)
        printer.reportsTimings = reportsTimings && timings
        printer.remote = remote
        printer.standardInput = standardInput
        printer.maxSize = maxSize
        // The renderer too (its highlighter holds grammars, queries and caches): nothing to free at exit.
        keptAlive.append(renderer)
        do {
            return try printer.print(inputs, keptAlive: &keptAlive) ? 1 : 0
        } catch {
            return outputFailed(error)
        }
    }

    /// Writes buffered output to standard output.
    private func write(_ bytes: [UInt8], status: Int32) -> Int32 {
        do {
            try OutputStream.standardOutput.write(bytes)
        } catch {
            return max(status, outputFailed(error))
        }
        return status
    }

    /// The reader going away is not a failure: nothing more is wanted.
    private func outputFailed(_ error: OutputError) -> Int32 {
        guard case .failed(let code) = error else { return 0 }
        Diagnostics.printError("standard output: \(String(cString: strerror(code)))")
        return 1
    }
}
