import CSixel
import MarkdownCore

/// Encodes pixels as a DEC sixel graphic with libsixel's `sixel_encode`, from RGB pixels only (libsixel
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
        var pixels = rgb.pixels
        var buffer = mdview_sixel_buffer()
        defer { mdview_sixel_buffer_free(&buffer) }
        var output: OpaquePointer?
        guard mdview_sixel_failed(mdview_sixel_output_new(&output, &buffer)) == 0, let output else {
            throw .encodingFailed("sixel_output_new")
        }
        defer { sixel_output_unref(output) }
        var dither: OpaquePointer?
        guard
            mdview_sixel_failed(sixel_dither_new(&dither, Int32(paletteSize(forArea: rgb.width * rgb.height)), nil))
                == 0, let dither
        else {
            throw .encodingFailed("sixel_dither_new")
        }
        defer { sixel_dither_unref(dither) }
        let status: Int32 = pixels.withUnsafeMutableBufferPointer { px in
            let initialized = sixel_dither_initialize(
                dither, px.baseAddress, Int32(rgb.width), Int32(rgb.height), Int32(SIXEL_PIXELFORMAT_RGB888),
                Int32(SIXEL_LARGE_AUTO), Int32(SIXEL_REP_AUTO), Int32(SIXEL_QUALITY_AUTO))
            if mdview_sixel_failed(initialized) != 0 { return initialized }
            sixel_dither_set_diffusion_type(dither, Int32(SIXEL_DIFFUSE_FS))
            return sixel_encode(px.baseAddress, Int32(rgb.width), Int32(rgb.height), 3, dither, output)
        }
        guard mdview_sixel_failed(status) == 0, buffer.failed == 0, let bytes = buffer.bytes else {
            throw .encodingFailed("sixel_encode status \(status)")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: buffer.count))
    }
}
