import CSVGRender
import FoundationEssentials
import MarkdownCore

/// The checks an SVG passes before librsvg renders it: its reference graph (`svg_guard.c`), and every
/// picture it embeds as a `data:` URL, which librsvg would decode itself (rasters through gdk-pixbuf,
/// SVG through librsvg) without mdview's caps. Shields.io puts a badge's logo in one.
extension SVGDecoder {
    /// How deep SVGs embedded in SVGs are followed (a badge's logo is one level).
    static let maxEmbeddingDepth = 2

    /// Throws when `bytes`, or a picture it embeds, is beyond the limits; returns the document's filters
    /// (the renderer weighs them against the size it renders at).
    @discardableResult
    func measure(_ bytes: [UInt8], depth: Int) throws(ImageError) -> mdview_svg_filters {
        var result = mdview_svg_guard_result()
        defer { mdview_svg_guard_result_free(&result) }
        bytes.withUnsafeBufferPointer { data in
            mdview_svg_guard(
                data.baseAddress, data.count, limits.maxVectorInstances, Int32(limits.maxVectorReferenceChain),
                &result)
        }
        switch Int(result.outcome) {
        case MDVIEW_SVG_GUARD_OK:
            break
        case MDVIEW_SVG_GUARD_MALFORMED:
            throw .svgRejected("not well-formed XML, or elements nested more than 256 deep")
        case MDVIEW_SVG_GUARD_ENTITIES:
            throw .svgRejected("its internal DTD declares entities, which mdview never expands")
        case MDVIEW_SVG_GUARD_STYLE_REFERENCES:
            throw .svgRejected(Self.styleReferences)
        case MDVIEW_SVG_GUARD_NO_LIBRARY:
            throw .svgRendererMissing("libxml2.so.2 not found")
        default:
            throw .svgTooComplex(maxElements: limits.maxVectorInstances, maxChain: limits.maxVectorReferenceChain)
        }
        for index in 0..<Int(result.data_url_count) {
            guard let url = result.data_urls?[index] else { continue }
            try checkEmbedded(String(cString: url), depth: depth)
        }
        return result.filters
    }

    /// `data:[<type>][;base64],<payload>`: an SVG is measured like the document; a PNG, JPEG, GIF or
    /// WebP must pass the header caps; anything else is refused, as mdview cannot check it.
    private func checkEmbedded(_ url: String, depth: Int) throws(ImageError) {
        guard let comma = url.firstIndex(of: ",") else { return }  // not a data URL librsvg can load either
        let type = url[url.index(url.startIndex, offsetBy: 5)..<comma].lowercased()
        let payload = String(url[url.index(after: comma)...])
        let bytes: [UInt8]
        if type.hasSuffix(";base64") {
            guard let data = Data(base64Encoded: payload, options: .ignoreUnknownCharacters) else { return }
            bytes = [UInt8](data)
        } else {
            bytes = Array((payload.percentDecoded ?? payload).utf8)
        }
        if type.hasPrefix("image/svg") || SVGSignature.matches(bytes) {
            guard depth + 1 < Self.maxEmbeddingDepth else {
                throw .svgRejected("SVG embedded more than \(Self.maxEmbeddingDepth) levels deep")
            }
            try measure(bytes, depth: depth + 1)
        } else if let header = try? ImageHeader.read(bytes) {
            try limits.check(width: header.width, height: header.height)
        } else {
            throw .svgRejected("an embedded picture that is not PNG, JPEG, GIF, WebP or SVG")
        }
    }
}
