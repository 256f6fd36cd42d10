import ArgumentParser
import FoundationEssentials
import ImageHTTP
import MarkdownCore
import MarkdownImages
import Synchronization

/// The image flags, as one option group so the command only adds `@OptionGroup` and one call.
struct ImageOptions: ParsableArguments {
    enum SizeChoice: String, CaseIterable, ExpressibleByArgument {
        case width, height, natural
    }

    @Option(
        help: ArgumentHelp(
            "How to show images: auto (ask the terminal: kitty, then iterm, sixel, blocks; none when output is not a terminal), kitty, iterm, sixel, blocks, none.",
            valueName: "mode"))
    var images: ImageProtocolDetector.Request = .auto

    @Flag(name: .customLong("no-images"), help: "Show images as their alt text only (same as --images none).")
    var noImages = false

    @Option(
        name: .customLong("image-size"),
        help: ArgumentHelp(
            "How big images appear: width (fit the width, never enlarge), height (fit the terminal's height too), natural (one pixel per pixel, still within the width).",
            valueName: "sizer"))
    var imageSize: SizeChoice = .width

    @Flag(name: .customLong("no-remote"), help: "Load local images only, never http(s) ones (also MDVIEW_NO_REMOTE=1).")
    var noRemote = false

    // Unconditional, like `--width`: `-1` is a number out of range, not a missing value and a flag.
    @Option(
        name: .customLong("image-timeout"), parsing: .unconditional,
        help: ArgumentHelp("Seconds allowed for one remote image, redirects included.", valueName: "seconds"))
    var imageTimeout: Double = 8

    @Option(
        name: .customLong("image-connect-timeout"), parsing: .unconditional,
        help: ArgumentHelp("Seconds a remote image may go without a byte (connecting included).", valueName: "seconds"))
    var imageConnectTimeout: Double = 3

    @Option(
        name: .customLong("image-budget"), parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds the text waits for a document's images in all; images not ready by then show their alt text.",
            valueName: "seconds"))
    var imageBudget: Double = 1.5

    /// The image flags at their defaults, set one by one rather than parsed: `parse([])` builds the
    /// parser's model by reflection, about 8.5 M instructions, more than the rest of a small README's
    /// start-up. `ImageDefaultsTests` checks that these equal the parser's defaults.
    static var defaults: ImageOptions {
        var options = ImageOptions()
        options.images = .auto
        options.noImages = false
        options.imageSize = .width
        options.noRemote = false
        options.imageTimeout = 8
        options.imageConnectTimeout = 3
        options.imageBudget = 1.5
        return options
    }

    func validate() throws {
        guard imageBudget >= 0, imageBudget <= 600 else {
            throw ValidationError("--image-budget: must be between 0 and 600 seconds")
        }
        guard imageTimeout > 0, imageTimeout <= 600 else {
            throw ValidationError("--image-timeout: must be between 0 and 600 seconds")
        }
        guard imageConnectTimeout > 0, imageConnectTimeout <= 600 else {
            throw ValidationError("--image-connect-timeout: must be between 0 and 600 seconds")
        }
        if noImages && images != .auto && images != .none {
            throw ValidationError("--no-images conflicts with --images \(images.rawValue)")
        }
    }

    /// `--images`, with `--no-images` folded in.
    var effectiveRequest: ImageProtocolDetector.Request { noImages ? .none : images }

    /// The colour depth pictures get in plain output: an explicit mode (`--images blocks|sixel|…`) is
    /// honoured into a pipe or a file and with `--color never` (the text stays plain); `auto` is not.
    func plainOutputPictureDepth(_ capabilities: TerminalCapabilities, _ detector: TerminalDetector) -> ColorDepth? {
        guard !capabilities.usesColor, effectiveRequest != .auto, effectiveRequest != .none else { return nil }
        return detector.colorDepth()
    }

    /// The image side of the resolve stage, or nil when images are off for this output.
    ///
    /// Nothing happens until a document actually references an image: only then is the terminal asked
    /// (at most once per process) and the loader built, so image-free documents never query the tty.
    func resolver(
        environment: TerminalEnvironment, capabilities: TerminalCapabilities, theme: Theme.Name,
        diagnostics: Diagnostics
    ) -> (any ImageResolving)? {
        let request = effectiveRequest
        // Plain output (--color never, TERM=dumb, a pipe without --color always) shows pictures only when
        // a mode was asked for explicitly (see `plainOutputPictureDepth`).
        guard request != .none, capabilities.drawsPictures else { return nil }
        return LazyImageResolver {
            makeResolver(request, environment, capabilities, theme, diagnostics)
        }
    }

    private func makeResolver(
        _ request: ImageProtocolDetector.Request, _ environment: TerminalEnvironment,
        _ capabilities: TerminalCapabilities, _ theme: Theme.Name, _ diagnostics: Diagnostics
    ) -> TerminalImageResolver? {
        let detection = ImageProtocolDetector(
            environment: environment.variables, stdinIsTerminal: environment.stdinIsTerminal,
            stdoutIsTerminal: environment.stdoutIsTerminal
        ).detect(request)
        diagnostics.emit(.imageOutput(output: detection.output.rawValue, reason: detection.reason))
        guard detection.output != .none else { return nil }
        let remote = !(noRemote || environment.variables["MDVIEW_NO_REMOTE"] == "1")
        let http =
            remote
            ? HTTPImageLoader(settings: .init(idleTimeout: imageConnectTimeout, totalTimeout: imageTimeout)) : nil
        let disk = DiskCache.standard(environment: environment.variables)
        // No placement is wider than the terminal: pictures are decoded and kept at most that wide.
        let maxWidth = capabilities.width * max(1, detection.cellWidth)
        let pipeline = ImagePipeline(
            loader: CachingImageLoader(http: http, disk: disk),
            decoder: ImageDecoder(svgRasters: disk, maxWidth: maxWidth, budget: DecodeBudget()))
        let sizer: any ImageSizer
        switch imageSize {
        case .width: sizer = AspectScaleDownByWidth()
        case .height: sizer = AspectScaleDownByHeight()
        case .natural: sizer = NaturalSize()
        }
        var configuration = TerminalImageResolver.Configuration(
            output: detection.output, sizer: sizer, cellWidth: detection.cellWidth, cellHeight: detection.cellHeight,
            terminalRows: detection.terminalRows ?? capabilities.height,
            background: theme == .light ? (255, 255, 255) : (0, 0, 0),
            waitLimit: imageTimeout * 2 + 2, budget: imageBudget, diagnostics: diagnostics)
        configuration.kittyPlaceholders = detection.kittyPlaceholders
        configuration.tmuxPassthrough = detection.tmuxPassthrough
        return TerminalImageResolver(configuration: configuration, pipeline: pipeline)
    }
}

extension ImageProtocolDetector.Request: ExpressibleByArgument {}
