import MarkdownCore

/// The bounds that keep a hostile or broken image from costing more than a few seconds and a few
/// hundred megabytes. Checked before any decoder sees the data.
public struct ImageLimits: Equatable, Sendable {
    /// Bytes read from a file or the network for one image.
    public var maxBytes: Int
    /// Longest side, in pixels, read from the header.
    public var maxSide: Int
    /// Largest area, in pixels, read from the header.
    public var maxArea: Int

    /// SVG: elements drawn, counting each `<use>` and `url(#…)` reference as the elements it copies
    /// (librsvg takes about 0.1 ms per element: 20,000 is a couple of seconds at worst).
    public var maxVectorInstances: Int
    /// SVG: the longest chain of references followed (librsvg recurses once per reference).
    public var maxVectorReferenceChain: Int
    /// SVG: the longest side an SVG is rendered at; larger documents are scaled down (no terminal shows
    /// more, and a vector picture loses nothing by it).
    public var maxVectorRenderSide: Int
    /// SVG: the most pixels its filter effects may cover at the size it is rendered at (each primitive
    /// covers the picture once per element it applies to; a `feMorphology` of radius r, (2r+1)² times).
    /// librsvg takes about 100 ns and keeps about 6 bytes per such pixel: 20 million is about 2 s and
    /// 120 MB at worst. A picture is rendered no wider than it is shown, so a terminal-sized filter fits.
    public var maxVectorFilterWork: Double

    public init(
        maxBytes: Int = 20 << 20, maxSide: Int = 16_384, maxArea: Int = 50_000_000, maxVectorInstances: Int = 20_000,
        maxVectorReferenceChain: Int = 256, maxVectorRenderSide: Int = 4096, maxVectorFilterWork: Double = 20e6
    ) {
        self.maxBytes = maxBytes
        self.maxSide = maxSide
        self.maxArea = maxArea
        self.maxVectorInstances = maxVectorInstances
        self.maxVectorReferenceChain = maxVectorReferenceChain
        self.maxVectorRenderSide = maxVectorRenderSide
        self.maxVectorFilterWork = maxVectorFilterWork
    }

    public static let standard = ImageLimits()

    /// Throws `tooLarge` when a header's size is beyond the bounds.
    public func check(width: Int, height: Int) throws(ImageError) {
        guard width > 0, height > 0 else { throw .corrupt(format: "image header") }
        if width > maxSide || height > maxSide || width.multipliedReportingOverflow(by: height).partialValue > maxArea {
            throw .tooLarge(width: width, height: height)
        }
    }
}
