import CGIF
import CPNG
import CTurboJPEG
import CWebP
import MarkdownCore

/// Turns encoded bytes into pixels with Debian's maintained codecs (libpng, libjpeg-turbo, giflib,
/// libwebp), chosen by magic bytes, after the header has passed `ImageLimits`; SVG documents go to
/// `SVGDecoder` (librsvg, loaded on the first SVG).
///
/// It exists so that no untrusted byte ever reaches libsixel's bundled loaders: libsixel only ever sees
/// pixels decoded here.
public struct ImageDecoder: Sendable {
    public var limits: ImageLimits
    /// Where rendered SVGs are kept between runs (see `SVGDecoder`); nil renders each time.
    public var svgRasters: DiskCache?

    public init(limits: ImageLimits = .standard, svgRasters: DiskCache? = nil) {
        self.limits = limits
        self.svgRasters = svgRasters
    }

    public func decode(_ bytes: [UInt8]) throws(ImageError) -> PixelImage {
        if SVGDecoder.recognises(bytes) { return try SVGDecoder(limits: limits, rasters: svgRasters).decode(bytes) }
        let header = try ImageHeader.read(bytes)
        try limits.check(width: header.width, height: header.height)
        let (w, h) = (header.width, header.height)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let ok: Bool
        switch header.format {
        case .png:
            ok = bytes.withUnsafeBytes { src in
                out.withUnsafeMutableBufferPointer { dst in
                    mdview_png_decode_rgba(src.baseAddress, src.count, UInt32(w), UInt32(h), dst.baseAddress) == 1
                }
            }
        case .gif:
            ok = bytes.withUnsafeBytes { src in
                out.withUnsafeMutableBufferPointer { dst in
                    mdview_gif_decode_first_frame(src.baseAddress, src.count, Int32(w), Int32(h), dst.baseAddress) == 1
                }
            }
        case .jpeg:
            ok = decodeJPEG(bytes, width: w, height: h, into: &out)
        case .webp:
            ok = decodeWebP(bytes, width: w, height: h, into: &out)
        }
        guard ok else { throw .corrupt(format: header.format.rawValue) }
        return PixelImage(width: w, height: h, layout: .rgba, pixels: out)
    }

    private func decodeJPEG(_ bytes: [UInt8], width: Int, height: Int, into out: inout [UInt8]) -> Bool {
        guard let handle = tjInitDecompress() else { return false }
        defer { tjDestroy(handle) }
        return bytes.withUnsafeBufferPointer { src -> Bool in
            guard let base = src.baseAddress else { return false }
            var w: Int32 = 0
            var h: Int32 = 0
            var subsampling: Int32 = 0
            var colorspace: Int32 = 0
            guard tjDecompressHeader3(handle, base, UInt(src.count), &w, &h, &subsampling, &colorspace) == 0,
                Int(w) == width, Int(h) == height
            else { return false }
            let status = out.withUnsafeMutableBufferPointer { dst in
                tjDecompress2(handle, base, UInt(src.count), dst.baseAddress, w, 0, h, Int32(TJPF_RGBA.rawValue), 0)
            }
            // A warning (for example a few missing bytes at the end) still leaves a usable picture.
            return status == 0 || tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue)
        }
    }

    private func decodeWebP(_ bytes: [UInt8], width: Int, height: Int, into out: inout [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { src -> Bool in
            guard let base = src.baseAddress else { return false }
            var w: Int32 = 0
            var h: Int32 = 0
            guard WebPGetInfo(base, src.count, &w, &h) != 0, Int(w) == width, Int(h) == height else { return false }
            let stride = Int32(width * 4)
            let size = out.count
            let result = out.withUnsafeMutableBufferPointer { dst in
                WebPDecodeRGBAInto(base, src.count, dst.baseAddress, size, stride)
            }
            return result != nil
        }
    }
}
