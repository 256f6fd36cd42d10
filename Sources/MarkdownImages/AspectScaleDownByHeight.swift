import MarkdownCore

/// Fits a maximum height (default: the terminal's height minus a few rows, so a tall picture never
/// scrolls its own top away), keeping the aspect ratio and never enlarging. Width is still clipped.
public struct AspectScaleDownByHeight: ImageSizer {
    /// The tallest picture in rows; nil uses `terminalRows - reservedRows` (or 24 rows when unknown).
    public var maxRows: Int?
    public var reservedRows: Int

    public init(maxRows: Int? = nil, reservedRows: Int = 3) {
        self.maxRows = maxRows
        self.reservedRows = reservedRows
    }

    public func size(for source: String, natural: PixelSize, in context: SizingContext) -> PixelSize {
        let rows = max(1, maxRows ?? ((context.terminalRows ?? 24) - reservedRows))
        return ImageSizing.scaleDown(natural, maxWidth: context.maxPixelWidth, maxHeight: rows * context.cellHeight)
    }
}
