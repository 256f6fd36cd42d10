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
    /// Where the encodings of the same image at the same size are shared with other placements, and
    /// the image's location in it; nil encodes on its own.
    public let shared: (encodings: SharedEncodings, image: ImageLocation)?
    private let encoded = Mutex([Int: ImageRows?]())

    public init(
        reference: ImageReference, pixels: PixelImage, configuration: TerminalImageResolver.Configuration,
        shared: (encodings: SharedEncodings, image: ImageLocation)? = nil
    ) {
        self.reference = reference
        self.pixels = pixels
        self.configuration = configuration
        self.shared = shared
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
        guard let shared else { return try encode(pixels, displaySize: size) }
        return try shared.encodings.rows(for: .init(image: shared.image, size: size)) { () throws(ImageError) in
            try encode(pixels, displaySize: size)
        }
    }

    /// Encodes `picture` at `size` for the terminal, covering the cells it needs.
    func encode(_ picture: PixelImage, displaySize size: PixelSize) throws(ImageError) -> ImageRows {
        let footprint = CellFootprint(
            covering: size, cellWidth: configuration.cellWidth, cellHeight: configuration.cellHeight)
        switch configuration.output {
        case .kitty:
            return try KittyGraphicsEncoder(
                placement: configuration.kittyPlaceholders ? .unicodePlaceholders : .cursor,
                cellWidth: configuration.cellWidth, cellHeight: configuration.cellHeight,
                tmuxPassthrough: configuration.tmuxPassthrough
            ).encode(picture, displaySize: size, footprint: footprint)
        case .iterm:
            return try ITermImageEncoder(
                cellWidth: configuration.cellWidth, cellHeight: configuration.cellHeight,
                tmuxPassthrough: configuration.tmuxPassthrough
            ).encode(picture, displaySize: size, footprint: footprint)
        case .sixel:
            return try SixelEncoder(background: configuration.background).encode(
                picture, displaySize: size, footprint: footprint)
        case .halfBlocks:
            return try HalfBlockEncoder(background: configuration.background).encode(
                picture, displaySize: size, footprint: footprint)
        case .none:
            throw .noSource
        }
    }

    static func report(_ error: ImageError, for image: ImageReference, to sink: (any DiagnosticSink)?) {
        sink?.emit(.imageShownAsText(source: image.source, reason: error.description))
    }
}
