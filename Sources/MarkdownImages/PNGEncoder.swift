import CImageCodecs
import MarkdownCore

/// Encodes pixels as a PNG file in memory with libpng (loaded on the first picture; its simplified write
/// API, which keeps libpng's setjmp error handling inside libpng). The iTerm2 encoder sends the picture
/// mdview already resized this way, never the original bytes.
public enum PNGEncoder {
    public static func encode(_ image: PixelImage) throws(ImageError) -> [UInt8] {
        guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height * image.channels
        else { throw .encodingFailed("PNG: no pixels") }
        try CodecLibrary.png.load()
        var size = 0
        let measured = image.pixels.withUnsafeBytes { pixels in
            mdview_png_encode(
                pixels.baseAddress, UInt32(image.width), UInt32(image.height), Int32(image.channels), nil, &size)
        }
        guard measured != 0, size > 0 else { throw .encodingFailed("PNG: libpng could not size the file") }
        var out = [UInt8](repeating: 0, count: size)
        let written = image.pixels.withUnsafeBytes { pixels in
            out.withUnsafeMutableBytes { buffer in
                mdview_png_encode(
                    pixels.baseAddress, UInt32(image.width), UInt32(image.height), Int32(image.channels),
                    buffer.baseAddress, &size)
            }
        }
        guard written != 0 else { throw .encodingFailed("PNG: libpng could not write the file") }
        return Array(out.prefix(size))
    }
}
