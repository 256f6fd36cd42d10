import CImageCodecs
import MarkdownCore

/// Encodes pixels as a DEC sixel graphic with libsixel's `sixel_encode` (loaded on the first picture), from RGB pixels only (libsixel
/// never sees a path, a URL or undecoded bytes), with a median-cut palette and Floyd–Steinberg
/// dithering. libsixel's time grows with area × palette size, so the palette is chosen by area:
/// 128 colours up to 250,000 pixels, 64 above (dithered over that many pixels the difference is hard
/// to see, and an 800 × 600 photo encodes in about 30–45 ms instead of 45–65 ms; 256 colours cost
/// about 100 ms). Pass `colors` to fix it.
public struct SixelEncoder: ImageEncoder {
    /// Background that transparent pixels are laid on.
    public var background: (UInt8, UInt8, UInt8)
    /// Palette size; nil chooses by area (see above).
    public var colors: Int?

    public init(background: (UInt8, UInt8, UInt8) = (0, 0, 0), colors: Int? = nil) {
        self.background = background
        self.colors = colors.map { max(2, min(256, $0)) }
    }

    /// The palette size for a picture of `pixels` pixels.
    public func paletteSize(forArea pixels: Int) -> Int {
        colors ?? (pixels <= 250_000 ? 128 : 64)
    }

    public func encode(_ image: PixelImage, displaySize: PixelSize, footprint: CellFootprint) throws(ImageError)
        -> ImageRows
    {
        let rgb = Resampler.resize(image.flattened(onto: background), to: displaySize)
        let payload = try sixel(rgb)
        return .graphic(Graphic(payload: payload, columns: footprint.columns, rows: footprint.rows))
    }

    /// The DCS … ST byte string for an RGB picture.
    public func sixel(_ rgb: PixelImage) throws(ImageError) -> [UInt8] {
        guard rgb.layout == .rgb, rgb.width > 0, rgb.height > 0 else { throw .encodingFailed("expected RGB pixels") }
        try CodecLibrary.sixel.load()
        var pixels = rgb.pixels
        var buffer = mdview_sixel_buffer()
        defer { mdview_sixel_buffer_free(&buffer) }
        var status: Int32 = 0
        let failedStep = pixels.withUnsafeMutableBufferPointer { px in
            mdview_sixel_encode_rgb(
                px.baseAddress, Int32(rgb.width), Int32(rgb.height),
                Int32(paletteSize(forArea: rgb.width * rgb.height)),
                &buffer, &status)
        }
        if let failedStep { throw .encodingFailed("\(String(cString: failedStep)) status \(status)") }
        return Array(UnsafeBufferPointer(start: buffer.bytes, count: buffer.count))
    }
}
