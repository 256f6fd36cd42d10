import ArgumentParser
import FoundationEssentials
import Glibc
import Highlight
import MarkdownCore

/// `mdview`: renders Markdown files (or standard input) as a styled page in the terminal.
@main
struct MDView: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mdview",
        abstract: "Render Markdown in the terminal.",
        discussion: """
            Reads each FILE (or standard input when there is none, or for '-') and writes it laid out for \
            the terminal: wrapped to its width, with colour when the output is a terminal.
            """,
        version: "mdview 0.1.0"
    )

    @Argument(help: ArgumentHelp("Markdown files to render; '-' or none reads standard input.", valueName: "file"))
    var files: [String] = []

    // Unconditional: `--width -1` is a width out of range, not a missing value followed by a flag.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Lay out for this many columns (default: the terminal's width, else $COLUMNS, else 80).",
            valueName: "columns"))
    var width: String?

    @Option(
        help: ArgumentHelp(
            "When to use colour: auto (a terminal whose TERM is not dumb), always, never.", valueName: "when"))
    var color: TerminalDetector.ColorChoice = .auto

    @Option(
        help: ArgumentHelp(
            "Colours: auto (the terminal's background picks dark or light), dark, light, ansi (the terminal's 16 colours), or a theme file (default: $MDVIEW_THEME, else auto).",
            valueName: "name|file"))
    var theme: String?

    @Option(
        help: ArgumentHelp(
            "Make link text a clickable OSC 8 hyperlink: auto (terminals known to support it), always, never.",
            valueName: "when"))
    var hyperlinks: TerminalDetector.HyperlinkChoice = .auto

    @Option(
        help: ArgumentHelp(
            "When to show the output through a pager ($MDVIEW_PAGER, else $PAGER, else less -R): auto (output taller than the terminal), always, never.",
            valueName: "when"))
    var pager: PagerMode?

    @Flag(name: .customShort("p"), help: "Show the output through a pager (same as --pager always).")
    var pageAlways = false

    @Option(
        name: .customLong("max-size"),
        help: ArgumentHelp(
            "Refuse a document larger than this (a file, standard input read whole, a URL): bytes, or with K, M or G (default 20M). Input streamed as it arrives is not capped.",
            valueName: "size"))
    var maxSize: String?

    @Flag(help: "Ignore the config file ($MDVIEW_CONFIG_PATH, else $XDG_CONFIG_HOME/mdview/config).")
    var noConfig = false

    @Flag(help: "Print how long parsing, highlighting, images, layout and writing took, on standard error.")
    var timings = false

    @Flag(
        name: .shortAndLong,
        help: "Explain on standard error why a code block or an image was shown plain, or a formula as source.")
    var verbose = false

    @OptionGroup(title: "Syntax highlighting")
    var highlighting: HighlightOptions

    @OptionGroup(title: "Images")
    var imageOptions: ImageOptions

    @OptionGroup(title: "GitHub Markdown")
    var dialect: DialectOptions

    @OptionGroup(title: "Streaming")
    var streaming: StreamOptions

    /// The widest layout accepted; anything larger is a mistake, not a terminal.
    static let widthRange = 4...10_000

    func validate() throws {
        if let width { _ = try Self.parseWidth(width) }
        if let maxSize { _ = try DocumentSizeLimit(parsing: maxSize) }
        if pageAlways, let pager, pager != .always {
            throw ValidationError("-p conflicts with --pager \(pager.rawValue)")
        }
    }

    static func parseWidth(_ text: String) throws -> Int {
        let digits = text.filter { $0 != " " }
        let range = "(\(widthRange.lowerBound) to \(widthRange.upperBound) columns)"
        guard let value = Int(digits) else {
            let unsigned = digits.first == "-" || digits.first == "+" ? digits.dropFirst() : digits[...]
            if !unsigned.isEmpty, unsigned.allSatisfy(\.isASCII), unsigned.allSatisfy(\.isNumber) {
                throw ValidationError("--width: \(digits) is out of range \(range)")  // too many digits for Int
            }
            throw ValidationError("--width: '\(text)' is not a number of columns")
        }
        guard widthRange.contains(value) else {
            throw ValidationError("--width: \(value) is out of range \(range)")
        }
        return value
    }

    func run() throws {
        let imageOptions = self.imageOptions
        try Self.run(invocation, imageOptions: { imageOptions })  // always given: the parser read them
    }

    /// Renders what `invocation` asks for and exits. `imageOptions` is asked for only when a document
    /// has an image; nil means the image flags were not given (the fast path), so their defaults apply
    /// (`ImageOptions.defaults`, set without the parser).
    static func run(_ invocation: Invocation, imageOptions given: (@Sendable () -> ImageOptions)?) throws -> Never {
        let noImages = invocation.noImages
        let imageOptions =
            given ?? {
                var defaults = ImageOptions.defaults
                defaults.noImages = noImages
                return defaults
            }
        if invocation.listLanguages,
            let highlighter = HighlightOptions.highlighter(
                noHighlight: invocation.noHighlight, listLanguages: true, grammarDir: invocation.grammarDir,
                diagnostics: Diagnostics(verbose: invocation.verbose))
        {
            let cache = LanguageStatsCache.standard(environment: ProcessInfo.processInfo.environment)
            let report = highlighter.languageReport(verbose: invocation.verbose, cache: cache)
            _ = try? OutputStream.standardOutput.write(Array(report.utf8))
            Glibc.exit(0)
        }
        let environment = TerminalProbe.environment()
        let inputs = invocation.files.isEmpty ? ["-"] : invocation.files
        if invocation.files.isEmpty && environment.stdinIsTerminal {
            throw InputError.noInput
        }
        let detector = TerminalDetector(environment: environment)
        var detected = detector.capabilities(
            width: invocation.width, color: invocation.color, hyperlinks: invocation.hyperlinks)
        // Explicit image modes draw into plain output too (the defaults, `--images auto`, never do).
        if let given { detected.plainOutputPictureDepth = given().plainOutputPictureDepth(detected, detector) }
        let capabilities = detected
        let theme = try ThemeChoice.from(option: invocation.theme, environment: environment.variables)
            .theme(background: {
                // Only a terminal that will get colours is asked; with the image questions, in one round trip.
                guard capabilities.usesColor else { return nil }
                return TerminalProbe.background(
                    environment: environment, imageRequest: given?().effectiveRequest ?? (noImages ? .none : .auto))
            })
        let output = OutputPlan(
            mode: invocation.pager, environment: environment, reportsTimings: invocation.timings,
            verbose: invocation.verbose)
        // Documents named by URL load under the same caps and time-outs as remote images.
        output.remote = RemoteDocumentLoader(settings: {
            let flags = imageOptions()
            return .init(
                idleTimeout: flags.imageConnectTimeout, totalTimeout: flags.imageTimeout,
                maxBytes: invocation.maxSize.bytes)
        })
        output.maxSize = invocation.maxSize
        // `--images auto` (the default) draws only on an interactive terminal: elsewhere, building the
        // image stage would be for nothing.
        let defaultImagesDraw =
            environment.stdinIsTerminal && environment.stdoutIsTerminal && environment.variables["TERM"] != "dumb"
        let makeRenderer: OutputPlan.RendererFactory = { imageOptions, diagnostics in
            let images = LazyImageResolver {
                if given == nil && (!defaultImagesDraw || noImages) { return nil }
                return imageOptions().resolver(
                    environment: environment, capabilities: capabilities,
                    theme: theme.background == .light ? .light : .dark, diagnostics: diagnostics)
            }
            let highlighter = LazySyntaxHighlighter {
                HighlightOptions.highlighter(
                    noHighlight: false, listLanguages: false, grammarDir: invocation.grammarDir,
                    diagnostics: diagnostics, environment: environment.variables)
            }
            var renderer = MarkdownRenderer(
                capabilities: capabilities, theme: theme, highlighter: invocation.noHighlight ? nil : highlighter,
                images: RemoteBaseImages(inner: images))
            renderer.parseOptions = invocation.parseOptions
            renderer.parseDiagnostics = diagnostics
            renderer.math = MathOptions(mode: invocation.math, diagnostics: diagnostics)
            renderer.diagrams = DiagramOptions(mode: invocation.diagrams, diagnostics: diagnostics)
            return renderer
        }
        // Input that is still being written is rendered as it arrives (never paged: a pager needs the end).
        switch stream(inputs, invocation, environment, remote: output.remote, { makeRenderer(imageOptions, $0) }) {
        case .printed(let status):
            Glibc.exit(status)
        case .renderWhole(let standardInput):
            if let standardInput { output.standardInput = StandardInput(alreadyRead: standardInput) }
        }
        let status = output.print(inputs, imageOptions: imageOptions, renderer: makeRenderer)
        // Exit here, with the rendered documents still referenced, so nothing is freed on the way out.
        Glibc.exit(status)
    }
}

extension TerminalDetector.ColorChoice: ExpressibleByArgument {}
extension TerminalDetector.HyperlinkChoice: ExpressibleByArgument {}
