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

    @Option(
        help: ArgumentHelp(
            "Lay out for this many columns (default: the terminal's width, else $COLUMNS, else 80).",
            valueName: "columns"))
    var width: String?

    @Option(
        help: ArgumentHelp(
            "When to use colour: auto (a terminal whose TERM is not dumb), always, never.", valueName: "when"))
    var color: TerminalDetector.ColorChoice = .auto

    @Option(help: ArgumentHelp("Colours for a dark or a light background.", valueName: "name"))
    var theme: Theme.Name = .dark

    @Option(
        help: ArgumentHelp(
            "Make link text a clickable OSC 8 hyperlink: auto (terminals known to support it), always, never.",
            valueName: "when"))
    var hyperlinks: TerminalDetector.HyperlinkChoice = .auto

    @Flag(name: .shortAndLong, help: "Explain on standard error why a code block or an image was shown plain.")
    var verbose = false

    @OptionGroup(title: "Syntax highlighting")
    var highlighting: HighlightOptions

    @OptionGroup(title: "Images")
    var imageOptions: ImageOptions

    @OptionGroup(title: "Streaming")
    var streaming: StreamOptions

    /// The widest layout accepted; anything larger is a mistake, not a terminal.
    static let widthRange = 4...10_000

    func validate() throws {
        if let width { _ = try Self.parseWidth(width) }
    }

    static func parseWidth(_ text: String) throws -> Int {
        guard let value = Int(text.filter { $0 != " " }) else {
            throw ValidationError("--width: '\(text)' is not a number of columns")
        }
        guard widthRange.contains(value) else {
            throw ValidationError(
                "--width: \(value) is out of range (\(widthRange.lowerBound) to \(widthRange.upperBound) columns)")
        }
        return value
    }

    func run() throws {
        if highlighting.listLanguages,
            let highlighter = highlighting.highlighter(diagnostics: Diagnostics(verbose: verbose))
        {
            _ = try? OutputStream.standardOutput.write(Array(highlighter.languageReport().utf8))
            Glibc.exit(0)
        }
        let environment = TerminalProbe.environment()
        let inputs = files.isEmpty ? ["-"] : files
        if files.isEmpty && environment.stdinIsTerminal {
            throw InputError.noInput
        }
        let detector = TerminalDetector(environment: environment)
        var capabilities = detector.capabilities(
            width: try width.map(Self.parseWidth), color: color, hyperlinks: hyperlinks)
        capabilities.plainOutputPictureDepth = imageOptions.plainOutputPictureDepth(capabilities, detector)
        let diagnostics = Diagnostics(verbose: verbose)
        let images = imageOptions.resolver(
            environment: environment, capabilities: capabilities, theme: theme, diagnostics: diagnostics)
        let renderer = MarkdownRenderer(
            capabilities: capabilities, theme: .named(theme),
            highlighter: highlighting.highlighter(diagnostics: diagnostics), images: images)
        var keptAlive: [Any] = []
        let status: Int32
        do {
            let failed = try printInputs(
                inputs, renderer: renderer, diagnostics: diagnostics, environment: environment,
                keptAlive: &keptAlive)
            status = failed ? 1 : 0
        } catch .closed {
            status = 0  // the reader went away: nothing more is wanted
        } catch .failed(let code) {
            Diagnostics.printError("standard output: \(String(cString: strerror(code)))")
            status = 1
        }
        // Exit here, with the rendered documents still referenced, so nothing is freed on the way out.
        Glibc.exit(status)
    }
}

extension TerminalDetector.ColorChoice: ExpressibleByArgument {}
extension TerminalDetector.HyperlinkChoice: ExpressibleByArgument {}
extension Theme.Name: ExpressibleByArgument {}
