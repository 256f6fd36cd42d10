/// The space an image may occupy where the layout places it.
public struct ImagePlacement: Equatable, Sendable {
    /// Columns left at this indentation.
    public var availableColumns: Int

    public init(availableColumns: Int) {
        self.availableColumns = availableColumns
    }
}

/// An image ready for layout: either lines of styled cells (half-blocks) or a graphic the writer draws.
public enum RenderedImage: Equatable, Sendable {
    /// Text cells, one `StyledLine` per row (each within the available columns).
    case cells([StyledLine])
    /// A graphic occupying `columns` × `rows` cells.
    case graphic(Graphic)
}

/// The seam between layout and the image pipeline.
///
/// Layout calls it for each image it meets, in document order; an implementation may have started
/// loading every image beforehand and wait here for the one asked for. nil means "show the alt text".
/// Implementations must be safe to call from several threads at once.
public protocol ImageRendering: Sendable {
    func render(_ image: ImageReference, placement: ImagePlacement) -> RenderedImage?
}
