import MarkdownCore

/// The space an image may take, as a sizer sees it.
public struct SizingContext: Equatable, Sendable {
    /// Columns left at this indentation.
    public var availableColumns: Int
    /// One character cell in pixels.
    public var cellWidth: Int
    public var cellHeight: Int
    /// The terminal's height in rows, when known.
    public var terminalRows: Int?
    /// Bounds from HTML `width`/`height` attributes, in pixels.
    public var boundWidth: Int?
    public var boundHeight: Int?

    public init(
        availableColumns: Int, cellWidth: Int, cellHeight: Int, terminalRows: Int? = nil,
        boundWidth: Int? = nil, boundHeight: Int? = nil
    ) {
        self.availableColumns = max(1, availableColumns)
        self.cellWidth = max(1, cellWidth)
        self.cellHeight = max(1, cellHeight)
        self.terminalRows = terminalRows
        self.boundWidth = boundWidth
        self.boundHeight = boundHeight
    }

    /// The widest picture, in pixels, that fits the available columns.
    public var maxPixelWidth: Int { availableColumns * cellWidth }
}

/// Chooses the size, in pixels, an image is shown at.
///
/// It exists so that how big pictures appear is a policy the user picks (`--image-size`), separate from
/// loading and encoding, after NativeMarkKit's `ImageSizer`. Whatever a sizer returns is afterwards
/// clipped to the available width, so nothing overflows.
public protocol ImageSizer: Sendable {
    func size(for source: String, natural: PixelSize, in context: SizingContext) -> PixelSize
}

extension ImageSizer {
    /// The sizer's choice, clipped to the available width (keeping the aspect ratio) and at least 1×1.
    public func displaySize(for source: String, natural: PixelSize, in context: SizingContext) -> PixelSize {
        var size = self.size(for: source, natural: natural, in: context)
        size = ImageSizing.applyBounds(size, context: context)
        size = ImageSizing.scaleDown(size, maxWidth: context.maxPixelWidth, maxHeight: nil)
        return PixelSize(width: max(1, size.width), height: max(1, size.height))
    }
}

/// Aspect-preserving arithmetic shared by the sizers.
public enum ImageSizing {
    /// `size` scaled down (never up) to fit within the bounds, keeping its aspect ratio.
    public static func scaleDown(_ size: PixelSize, maxWidth: Int?, maxHeight: Int?) -> PixelSize {
        var factor = 1.0
        if let maxWidth, size.width > maxWidth { factor = min(factor, Double(maxWidth) / Double(size.width)) }
        if let maxHeight, size.height > maxHeight { factor = min(factor, Double(maxHeight) / Double(size.height)) }
        guard factor < 1 else { return size }
        return PixelSize(
            width: max(1, Int((Double(size.width) * factor).rounded())),
            height: max(1, Int((Double(size.height) * factor).rounded())))
    }

    /// HTML `width`/`height` attributes: one given scales the other side; both given fix the box.
    public static func applyBounds(_ size: PixelSize, context: SizingContext) -> PixelSize {
        switch (context.boundWidth, context.boundHeight) {
        case (let w?, let h?) where w > 0 && h > 0:
            return PixelSize(width: w, height: h)
        case (let w?, _) where w > 0:
            return PixelSize(
                width: w, height: max(1, Int((Double(size.height) * Double(w) / Double(max(1, size.width))).rounded())))
        case (_, let h?) where h > 0:
            return PixelSize(
                width: max(1, Int((Double(size.width) * Double(h) / Double(max(1, size.height))).rounded())), height: h)
        default:
            return size
        }
    }
}
