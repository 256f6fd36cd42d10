import MarkdownCore

/// Shows a picture at its own pixel size (one image pixel per screen pixel); only the final clip to the
/// available width applies, so nothing overflows.
public struct NaturalSize: ImageSizer {
    public init() {}

    public func size(for source: String, natural: PixelSize, in context: SizingContext) -> PixelSize {
        natural
    }
}
