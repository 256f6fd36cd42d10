import FoundationEssentials

/// mdview's `ImageRendering`: starts loading every image of a document as soon as it is created, so
/// loads overlap with layout and ten images on a slow server cost about one round-trip; `render` then
/// waits for the one asked for, sizes it, and encodes it as sixel or half-blocks.
///
/// Any failure gives nil (the alt-text placeholder) and, when `diagnostics` is set, one line saying why.
public final class TerminalImageRenderer: ImageRendering, Sendable {
    public struct Configuration: Sendable {
        public var output: ImageOutput
        public var sizer: any ImageSizer
        /// One character cell in pixels.
        public var cellWidth: Int
        public var cellHeight: Int
        public var terminalRows: Int?
        /// The document's directory (stdin: the current one), for relative paths.
        public var baseDirectory: URL?
        /// Colour transparent pixels are laid on.
        public var background: (UInt8, UInt8, UInt8)
        /// Longest `render` waits for one image (all candidates) before giving up on it.
        public var waitLimit: Double
        /// Receives one line per image that falls back to its alt text (`--verbose`).
        public var diagnostics: (@Sendable (String) -> Void)?

        public init(
            output: ImageOutput, sizer: any ImageSizer = AspectScaleDownByWidth(), cellWidth: Int = 10,
            cellHeight: Int = 20, terminalRows: Int? = nil, baseDirectory: URL? = nil,
            background: (UInt8, UInt8, UInt8) = (0, 0, 0), waitLimit: Double = 20,
            diagnostics: (@Sendable (String) -> Void)? = nil
        ) {
            self.output = output
            self.sizer = sizer
            self.cellWidth = max(1, cellWidth)
            self.cellHeight = max(1, cellHeight)
            self.terminalRows = terminalRows
            self.baseDirectory = baseDirectory
            self.background = background
            self.waitLimit = waitLimit
            self.diagnostics = diagnostics
        }
    }

    public let configuration: Configuration
    public let pipeline: ImagePipeline
    private let pending = LockedValue([[String]: PendingResult<Result<PixelImage, ImageError>>]())

    /// Creates the renderer and starts loading `images` at once.
    public init(document images: [ImageReference], configuration: Configuration, pipeline: ImagePipeline) {
        self.configuration = configuration
        self.pipeline = pipeline
        prefetch(images)
    }

    /// Starts loading images that are not loading yet (in document order, all concurrently).
    public func prefetch(_ images: [ImageReference]) {
        guard configuration.output != .none else { return }
        for image in images { _ = start(image) }
    }

    private func start(_ image: ImageReference) -> PendingResult<Result<PixelImage, ImageError>> {
        pending.update { all in
            if let existing = all[image.sources] { return existing }
            let result = PendingResult<Result<PixelImage, ImageError>>()
            all[image.sources] = result
            let candidates = image.sources.map { source in
                Result { () throws(ImageError) -> ImageLocation in
                    try ImageLocation.resolve(source, baseDirectory: configuration.baseDirectory)
                }
            }
            let pipeline = self.pipeline
            Task.detached(executorPreference: ImageTaskExecutor.shared) {
                var last = ImageError.noSource
                for candidate in candidates {
                    switch candidate {
                    case .failure(let error): last = error
                    case .success(let location):
                        switch await pipeline.image(at: location) {
                        case .success(let decoded):
                            result.fulfil(.success(decoded))
                            return
                        case .failure(let error): last = error
                        }
                    }
                }
                result.fulfil(.failure(last))
            }
            return result
        }
    }

    public func render(_ image: ImageReference, placement: ImagePlacement) -> RenderedImage? {
        guard configuration.output != .none else { return nil }
        do {
            return try renderOrThrow(image, placement: placement)
        } catch {
            configuration.diagnostics?("image \(image.source): \(error)")
            return nil
        }
    }

    /// Like `render`, but says why an image cannot be shown.
    public func renderOrThrow(_ image: ImageReference, placement: ImagePlacement) throws(ImageError) -> RenderedImage {
        guard let outcome = start(image).wait(seconds: configuration.waitLimit) else {
            throw .timedOut(seconds: configuration.waitLimit)
        }
        let decoded = try outcome.get()
        let context = SizingContext(
            availableColumns: placement.availableColumns, cellWidth: configuration.cellWidth,
            cellHeight: configuration.cellHeight, terminalRows: configuration.terminalRows,
            boundWidth: image.width, boundHeight: image.height)
        let natural = PixelSize(width: decoded.width, height: decoded.height)
        let size = configuration.sizer.displaySize(for: image.source, natural: natural, in: context)
        let footprint = CellFootprint(
            covering: size, cellWidth: configuration.cellWidth, cellHeight: configuration.cellHeight)
        switch configuration.output {
        case .sixel:
            return try SixelEncoder(background: configuration.background).encode(
                decoded, displaySize: size, footprint: footprint)
        case .halfBlocks:
            return try HalfBlockEncoder(background: configuration.background).encode(
                decoded, displaySize: size, footprint: footprint)
        case .none:
            throw .noSource
        }
    }
}
