import MarkdownCore
import Synchronization

/// A decoded image ready for layout: sized and encoded (kitty, iTerm2, sixel or half-blocks) for the
/// columns available where layout places it, once per column count.
///
/// This is computation on pixels in memory; the loading and waiting happened in the resolve stage.
public final class DecodedTerminalImage: ResolvedImage {
    public let reference: ImageReference
    public let pixels: PixelImage
    public let configuration: TerminalImageResolver.Configuration
    private let encoded = Mutex([Int: ImageRows?]())

    public init(reference: ImageReference, pixels: PixelImage, configuration: TerminalImageResolver.Configuration) {
        self.reference = reference
        self.pixels = pixels
        self.configuration = configuration
    }

    public func rows(availableColumns: Int) -> ImageRows? {
        if let known = encoded.withLock({ $0[availableColumns] }) { return known }
        let rows: ImageRows?
        do {
            rows = try encode(availableColumns: availableColumns)
        } catch {
            Self.report(error, for: reference, to: configuration.diagnostics)
            rows = nil
        }
        encoded.withLock { $0[availableColumns] = rows }
        return rows
    }

    /// Sizes the picture for `availableColumns` and encodes it for the terminal.
    public func encode(availableColumns: Int) throws(ImageError) -> ImageRows {
        let context = SizingContext(
            availableColumns: availableColumns, cellWidth: configuration.cellWidth,
            cellHeight: configuration.cellHeight, terminalRows: configuration.terminalRows,
            boundWidth: reference.width, boundHeight: reference.height)
        let natural = PixelSize(width: pixels.width, height: pixels.height)
        let size = configuration.sizer.displaySize(for: reference.source, natural: natural, in: context)
        let footprint = CellFootprint(
            covering: size, cellWidth: configuration.cellWidth, cellHeight: configuration.cellHeight)
        switch configuration.output {
        case .kitty:
            return try KittyGraphicsEncoder(
                placement: configuration.kittyPlaceholders ? .unicodePlaceholders : .cursor,
                cellWidth: configuration.cellWidth, cellHeight: configuration.cellHeight,
                tmuxPassthrough: configuration.tmuxPassthrough
            ).encode(pixels, displaySize: size, footprint: footprint)
        case .iterm:
            return try ITermImageEncoder(
                cellWidth: configuration.cellWidth, cellHeight: configuration.cellHeight,
                tmuxPassthrough: configuration.tmuxPassthrough
            ).encode(pixels, displaySize: size, footprint: footprint)
        case .sixel:
            return try SixelEncoder(background: configuration.background).encode(
                pixels, displaySize: size, footprint: footprint)
        case .halfBlocks:
            return try HalfBlockEncoder(background: configuration.background).encode(
                pixels, displaySize: size, footprint: footprint)
        case .none:
            throw .noSource
        }
    }

    static func report(_ error: ImageError, for image: ImageReference, to sink: (any DiagnosticSink)?) {
        sink?.emit(.imageShownAsText(source: image.source, reason: error.description))
    }
}
