import FoundationEssentials

/// How an image occupies the page once laid out: rows of styled cells (half-blocks) or a graphic the
/// writer draws over the cells layout reserves for it.
public enum ImageRows: Equatable, Sendable {
    /// Text cells, one `StyledLine` per row (each within the available columns).
    case cells([StyledLine])
    /// A graphic occupying `columns` × `rows` cells.
    case graphic(Graphic)
}

/// An image the resolve stage has loaded and decoded, ready for layout.
///
/// Layout asks it for the rows it occupies at the columns available where it stands (inside a list or
/// quote that is less than the width). That is computation on pixels already in memory — sizing,
/// resampling, encoding — never I/O and never waiting; an implementation may remember its answer per
/// column count. nil means "show the alt text" (the implementation reports why).
public protocol ResolvedImage: Sendable {
    func rows(availableColumns: Int) -> ImageRows?
    /// This picture and `following` side by side, each at the height of one text line, as a README's
    /// row of badges is shown: one or more rows (each one line high and at most `availableColumns`
    /// wide), as many as the pictures need. nil shows the badges as text instead: where a picture one
    /// line high says nothing (half-blocks: two pixels), or when the pictures cannot be combined.
    func badgeRows(followedBy following: [any ResolvedImage], availableColumns: Int) -> [ImageRows]?
}

extension ResolvedImage {
    /// By default badges are shown as text.
    public func badgeRows(followedBy following: [any ResolvedImage], availableColumns: Int) -> [ImageRows]? {
        nil
    }
}

/// The seam between the resolve stage and the image target: loads images in the background and hands
/// back finished values.
///
/// `prefetch` returns at once; `resolve` waits (within the implementation's time limits) for one image
/// and returns it decoded, or nil when it cannot be shown, after reporting why to its diagnostic sink.
/// Implementations must be safe to call from several threads at once.
public protocol ImageResolving: Sendable {
    /// Whether this output can show pictures at all. Asked only for documents that reference images,
    /// so an implementation may find out lazily (asking the terminal costs a round trip). When false,
    /// layout shows HTML `<img>` tags as the HTML they are, as without an image stage.
    var canShowImages: Bool { get }
    /// Starts loading `images` (all concurrently); relative sources resolve against `baseDirectory`.
    func prefetch(_ images: [ImageReference], baseDirectory: URL?)
    /// The image, decoded, or nil for its alt text.
    func resolve(_ image: ImageReference, baseDirectory: URL?) -> (any ResolvedImage)?
}
