import MarkdownCore

/// The default sizer: fit the available width, keep the aspect ratio, never enlarge.
public struct AspectScaleDownByWidth: ImageSizer {
    public init() {}

    public func size(for source: String, natural: PixelSize, in context: SizingContext) -> PixelSize {
        ImageSizing.scaleDown(natural, maxWidth: context.maxPixelWidth, maxHeight: nil)
    }
}
