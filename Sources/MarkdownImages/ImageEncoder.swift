import MarkdownCore

/// Turns decoded pixels into what the layout reserves room for: styled cells or a terminal graphic.
///
/// One protocol, one file per terminal output (kitty, iTerm2, sixel, half-blocks), after
/// mdcat's one-file-per-protocol layout.
public protocol ImageEncoder: Sendable {
    /// Encodes `image` to cover `displaySize` pixels, occupying `footprint` cells.
    func encode(_ image: PixelImage, displaySize: PixelSize, footprint: CellFootprint) throws(ImageError)
        -> ImageRows
}

/// The cells an image occupies: what the layout reserves and the encoder must fill exactly.
public struct CellFootprint: Equatable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
    }

    /// The cells a picture of `size` pixels covers with cells of `cellWidth`×`cellHeight` pixels.
    public init(covering size: PixelSize, cellWidth: Int, cellHeight: Int) {
        let cw = max(1, cellWidth)
        let ch = max(1, cellHeight)
        self.init(columns: (size.width + cw - 1) / cw, rows: (size.height + ch - 1) / ch)
    }
}
