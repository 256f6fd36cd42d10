import CImageCodecs
import MarkdownCore

/// Turns encoded bytes into pixels with Debian's maintained codecs (libpng, libjpeg-turbo, giflib,
/// libwebp, each loaded on the first picture that needs it), chosen by magic bytes, after the header has
/// passed `ImageLimits`; SVG documents go to `SVGDecoder` (librsvg, loaded on the first SVG).
///
/// It exists so that no untrusted byte ever reaches libsixel's bundled loaders: libsixel only ever sees
/// pixels decoded here.
public struct ImageDecoder: Sendable {
    public var limits: ImageLimits
    /// Where rendered SVGs are kept between runs (see `SVGDecoder`); nil renders each time.
    public var svgRasters: DiskCache?
    /// The widest any placement can show a picture, in pixels (the terminal's columns × the cell width):
    /// wider pictures are decoded scaled down where the codec can, and kept no wider (`DecodeScale`).
    /// nil keeps every picture at its full size.
    public var maxWidth: Int?
    /// The pixel bytes all decodes may hold at once; nil: no budget.
    public var budget: DecodeBudget?

    public init(
        limits: ImageLimits = .standard, svgRasters: DiskCache? = nil, maxWidth: Int? = nil,
        budget: DecodeBudget? = nil
    ) {
        self.limits = limits
        self.svgRasters = svgRasters
        self.maxWidth = maxWidth
        self.budget = budget
    }

    /// Decodes `bytes`; `isAbandoned` says when nobody waits for the picture any more, so that a decode
    /// still waiting for the budget is given up (`ImageError.abandoned`) and one under way stops between
    /// rows and before it is scaled down (`ImageError.cancelled`), giving its reservation back.
    public func decode(_ bytes: [UInt8], isAbandoned: () -> Bool = { false }) throws(ImageError) -> PixelImage {
        if SVGDecoder.recognises(bytes) {
            return try SVGDecoder(limits: limits, rasters: svgRasters, maxWidth: maxWidth).decode(bytes)
        }
        let header = try ImageHeader.read(bytes)
        try limits.check(width: header.width, height: header.height)
        let (w, h) = (header.width, header.height)
        try CodecLibrary(decoding: header.format).load()
        let scale = DecodeScale(width: w, height: h, format: header.format, maxWidth: maxWidth)
        let held = scale.bytesHeld
        try budget?.reserve(held, isAbandoned: isAbandoned)
        defer { budget?.release(held) }
        let (dw, dh) = (scale.decoded.width, scale.decoded.height)
        var out = [UInt8](repeating: 0, count: dw * dh * 4)
        let status = bytes.withUnsafeBytes { src in
            out.withUnsafeMutableBufferPointer { dst in
                DecodeStop.asking(isAbandoned) { stop in
                    let (data, size, pixels) = (src.baseAddress, src.count, dst.baseAddress)
                    return switch header.format {
                    case .png: mdview_png_decode_rgba(data, size, UInt32(w), UInt32(h), pixels, stop)
                    case .gif: mdview_gif_decode_first_frame(data, size, Int32(w), Int32(h), pixels, stop)
                    case .jpeg:
                        mdview_jpeg_decode_rgba_scaled(
                            data, size, Int32(w), Int32(h), Int32(dw), Int32(dh), pixels, stop)
                    case .webp:
                        mdview_webp_decode_rgba_scaled(
                            data, size, Int32(w), Int32(h), Int32(dw), Int32(dh), pixels, stop)
                    }
                }
            }
        }
        guard Int(status) != MDVIEW_DECODE_STOPPED else { throw .cancelled }
        guard Int(status) == MDVIEW_DECODE_OK else { throw .corrupt(format: header.format.rawValue) }
        let decoded = PixelImage(width: dw, height: dh, layout: .rgba, pixels: out)
        guard scale.kept != scale.decoded else { return decoded }
        // Scaling down costs as much as decoding again: a picture nobody waits for is not scaled.
        guard !isAbandoned() else { throw .cancelled }
        return Resampler.resize(decoded, to: scale.kept)
    }
}
