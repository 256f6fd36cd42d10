import MarkdownCore

/// What one run of mdview was asked to do, as plain values: the command's settings once parsed.
///
/// It exists for start-up speed. swift-argument-parser builds its model of the command by reflection
/// and dynamic casts, which cost the Swift runtime about 13 million instructions — more than half of
/// rendering a small README — before any work starts. So the everyday command lines (files and the
/// common flags, from the command line or the config file) are read by `init(fastParsing:)`, and
/// everything else — help, version, completions, image flags, any mistake — goes to the argument
/// parser, which stays the one authority on syntax, validation and messages. `FastParsingTests`
/// check that both readings agree.
struct Invocation: Equatable {
    var files: [String] = []
    var width: Int?
    var color = TerminalDetector.ColorChoice.auto
    var theme: String?
    var hyperlinks = TerminalDetector.HyperlinkChoice.auto
    var pager = PagerMode.auto
    var timings = false
    var verbose = false
    var noHighlight = false
    var grammarDir: String?
    var listLanguages = false
    /// `--no-images`: read here so that the everyday `--no-images` never builds the image flags.
    var noImages = false
    /// `--html` and `--no-emoji`: how GitHub's Markdown is read.
    var parseOptions = ParseOptions()
    /// `--math`: formulas typeset or shown as written.
    var math = MathOptions.Mode.render
    /// `--diagrams`: Mermaid fences drawn or shown as written.
    var diagrams = DiagramOptions.Mode.render
    /// `--stream` and `--throttle`.
    var stream = StreamOptions.Mode.auto
    var throttle = 33
    /// `--max-size`: the largest document read whole.
    var maxSize = DocumentSizeLimit.standard

    init() {}

    /// The invocation for `arguments` when they hold only input files and flags without surprises; nil
    /// hands them to the argument parser. Nothing is rejected here: an unusual or wrong argument just
    /// means "not the fast path", so every message comes from the parser.
    init?(fastParsing arguments: [String]) {
        var pageAlways = false
        var pagerChoice: PagerMode?
        var index = 0
        var operandsOnly = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if operandsOnly || argument == "-" || !argument.hasPrefix("-") {
                files.append(argument)
                continue
            }
            if argument == "--" {
                operandsOnly = true
                continue
            }
            var name = argument
            var value: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            let isFlag = [
                "--timings", "-v", "--verbose", "--no-config", "--no-highlight", "-p", "--no-emoji", "--no-images",
            ].contains(
                name)
            if isFlag && value != nil { return nil }  // `--timings=yes`: the parser's error
            switch name {
            case "--timings": timings = true
            case "-v", "--verbose": verbose = true
            case "--no-config": break
            case "--no-highlight": noHighlight = true
            case "-p": pageAlways = true
            case "--no-emoji": parseOptions.emojiShortcodes = false
            case "--no-images": noImages = true
            default:
                guard value != nil || index < arguments.count else { return nil }
                let text = value ?? arguments[index]
                if value == nil {
                    // The parser reads `--theme --width` as a missing value (except for --width).
                    if text.hasPrefix("-") && name != "--width" { return nil }
                    index += 1
                }
                switch name {
                case "--width":
                    guard let columns = try? MDView.parseWidth(text) else { return nil }
                    width = columns
                case "--color":
                    guard let choice = TerminalDetector.ColorChoice(rawValue: text) else { return nil }
                    color = choice
                case "--hyperlinks":
                    guard let choice = TerminalDetector.HyperlinkChoice(rawValue: text) else { return nil }
                    hyperlinks = choice
                case "--pager":
                    guard let choice = PagerMode(rawValue: text) else { return nil }
                    pagerChoice = choice
                case "--theme": theme = text
                case "--grammar-dir": grammarDir = text
                case "--max-size":
                    guard let limit = try? DocumentSizeLimit(parsing: text) else { return nil }
                    maxSize = limit
                case "--html":
                    guard let mode = ParseOptions.HTMLMode(rawValue: text) else { return nil }
                    parseOptions.html = mode
                case "--math":
                    guard let mode = MathOptions.Mode(rawValue: text) else { return nil }
                    math = mode
                case "--diagrams":
                    guard let mode = DiagramOptions.Mode(rawValue: text) else { return nil }
                    diagrams = mode
                default: return nil
                }
            }
        }
        if pageAlways, let pagerChoice, pagerChoice != .always { return nil }  // the parser's conflict error
        pager = pageAlways ? .always : pagerChoice ?? .auto
    }
}

extension MDView {
    /// The parsed command as an `Invocation`.
    var invocation: Invocation {
        var invocation = Invocation()
        invocation.files = files
        invocation.width = width.flatMap { try? Self.parseWidth($0) }
        invocation.color = color
        invocation.theme = theme
        invocation.hyperlinks = hyperlinks
        invocation.pager = pageAlways ? .always : pager ?? .auto
        invocation.timings = timings
        invocation.verbose = verbose
        invocation.noHighlight = highlighting.noHighlight
        invocation.grammarDir = highlighting.grammarDir
        invocation.listLanguages = highlighting.listLanguages
        invocation.parseOptions = dialect.parseOptions
        invocation.math = dialect.math
        invocation.diagrams = dialect.diagrams
        invocation.noImages = imageOptions.noImages
        invocation.stream = streaming.stream
        invocation.throttle = streaming.throttle
        invocation.maxSize = maxSize.flatMap { try? DocumentSizeLimit(parsing: $0) } ?? .standard
        return invocation
    }
}
