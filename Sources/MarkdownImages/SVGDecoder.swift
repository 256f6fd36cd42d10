import CSVGRender
import MarkdownCore

/// Rasterises SVG (README badges, mostly) with librsvg and cairo, loaded with `dlopen` on the first SVG so
/// that documents without SVG pay nothing for them.
///
/// librsvg 2.54 limits a document's loaded elements (1,000,000) and resolved references (500,000), but
/// reaching the second takes it tens of seconds and a chain of a few thousand `<use>` references
/// overflows its stack; so the document's element and reference graph is measured first (libxml2's SAX
/// parser, `svg_guard.c`) and refused beyond `ImageLimits.maxVectorInstances` elements drawn or
/// `maxVectorReferenceChain` references followed (a `url(#…)` in a `<style>` sheet, which applies to
/// whatever its selectors match, cannot be measured so, and is refused). Its intrinsic size must be within the same side and
/// area caps as a raster header, checked before anything is allocated for it; it is rendered at that
/// size, scaled down to `maxVectorRenderSide`. librsvg gets the bytes only, with no base file or URL, so
/// it loads nothing else (no external image, no XInclude).
///
/// With a `rasters` cache, a rendered SVG is kept as a PNG in the disk cache under a key made from its
/// bytes (content-addressed: a changed badge is a new key), so a README's badges from the disk cache
/// cost a PNG decode on the next run, not librsvg's start-up (GLib, pango, fontconfig) and rendering.
public struct SVGDecoder: Sendable {
    public var limits: ImageLimits
    public var rasters: DiskCache?
    /// The widest the picture is shown, in pixels: it is rendered no wider (nil: up to
    /// `maxVectorRenderSide`), so that its surfaces and filters cost what the terminal shows.
    public var maxWidth: Int?

    public init(limits: ImageLimits = .standard, rasters: DiskCache? = nil, maxWidth: Int? = nil) {
        self.limits = limits
        self.rasters = rasters
        self.maxWidth = maxWidth
    }

    /// The cache key of the picture `bytes` render to within `limits` and `maxWidth`.
    static func rasterKey(_ bytes: [UInt8], limits: ImageLimits, maxWidth: Int? = nil) -> String {
        let a = StableHash.fnv1a(bytes)
        let b = StableHash.fnv1a(bytes, seed: 0x8422_2325_cbf2_9ce4)
        return "mdview-svg-raster:v1:\(limits.maxVectorRenderSide):\(maxWidth ?? 0):\(bytes.count):"
            + StableHash.hex(a) + StableHash.hex(b)
    }

    public func decode(_ bytes: [UInt8]) throws(ImageError) -> PixelImage {
        guard bytes.count <= limits.maxBytes else { throw .tooManyBytes(limit: limits.maxBytes) }
        guard let rasters else { return try render(bytes) }
        let key = Self.rasterKey(bytes, limits: limits, maxWidth: maxWidth)
        if let entry = rasters.read(key), let image = try? ImageDecoder(limits: limits).decode(entry.body),
            image.layout == .rgba
        {
            return image
        }
        let image = try render(bytes)
        if let png = try? PNGEncoder.encode(image) {
            // Content-addressed: never stale (least recently used entries are still evicted).
            rasters.write(url: key, body: png, etag: nil, lastModified: nil, freshUntil: 1e12)
        }
        return image
    }

    /// Whether `bytes` are an SVG document (see `SVGSignature`).
    public static func recognises(_ bytes: [UInt8]) -> Bool {
        SVGSignature.matches(bytes)
    }

    /// Checks and renders `bytes` with librsvg.
    func render(_ bytes: [UInt8]) throws(ImageError) -> PixelImage {
        var filters = try measure(bytes, depth: 0)
        var result = mdview_svg_result()
        defer { mdview_svg_result_free(&result) }
        bytes.withUnsafeBufferPointer { data in
            mdview_svg_render(
                data.baseAddress, data.count, Int32(clamping: limits.maxSide), Double(limits.maxArea),
                Int32(clamping: limits.maxVectorRenderSide), Int32(clamping: maxWidth ?? 0), &filters,
                limits.maxVectorFilterWork, &result)
        }
        let message = ControlCharacterSanitizer.sanitize(Self.message(of: result)).trimmedWhitespace
        switch Int(result.outcome) {
        case MDVIEW_SVG_OK:
            guard let rgba = result.rgba, result.width > 0, result.height > 0 else { throw .corrupt(format: "SVG") }
            let count = Int(result.width) * Int(result.height) * 4
            let pixels = Array(UnsafeBufferPointer(start: rgba, count: count))
            return PixelImage(width: Int(result.width), height: Int(result.height), layout: .rgba, pixels: pixels)
        case MDVIEW_SVG_NO_LIBRARY:
            throw .svgRendererMissing(message)
        case MDVIEW_SVG_TOO_LARGE:
            throw .tooLarge(width: Self.pixels(result.intrinsic_width), height: Self.pixels(result.intrinsic_height))
        case MDVIEW_SVG_FILTERS_TOO_COSTLY:
            throw .svgFiltersTooCostly(
                width: Int(result.width), height: Int(result.height), work: result.filter_work,
                limit: limits.maxVectorFilterWork)
        case MDVIEW_SVG_NO_SIZE, MDVIEW_SVG_INVALID:
            throw .svgRejected(message)
        default:
            throw .encodingFailed("SVG: \(message)")
        }
    }

    /// Why an SVG whose style sheet references elements is refused.
    static let styleReferences = "url(#…) in a <style> sheet (what it expands to cannot be bounded)"

    private static func message(of result: mdview_svg_result) -> String {
        withUnsafeBytes(of: result.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    private static func pixels(_ value: Double) -> Int {
        value.isFinite ? Int(min(max(value.rounded(.up), 0), 1e15)) : Int.max
    }
}
