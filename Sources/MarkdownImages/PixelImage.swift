import MarkdownCore

/// A decoded picture in memory: 8-bit samples, row-major, no padding.
///
/// It exists so that decoders, the resampler and the encoders share one plain value and none of them
/// depends on another's library.
public struct PixelImage: Equatable, Sendable {
    public enum Layout: Int, Sendable {
        case rgb = 3
        case rgba = 4
    }

    public var width: Int
    public var height: Int
    public var layout: Layout
    public var pixels: [UInt8]

    public init(width: Int, height: Int, layout: Layout, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.layout = layout
        self.pixels = pixels
    }

    public var channels: Int { layout.rawValue }

    /// This picture laid over an opaque background colour, as RGB (terminals have no alpha).
    public func flattened(onto background: (UInt8, UInt8, UInt8)) -> PixelImage {
        guard layout == .rgba else { return self }
        let count = width * height
        var out = [UInt8](repeating: 0, count: count * 3)
        let (br, bg, bb) = (UInt32(background.0), UInt32(background.1), UInt32(background.2))
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for i in 0..<count {
                    let s = i &* 4
                    let d = i &* 3
                    let a = UInt32(src[s &+ 3])
                    if a == 255 {  // the common case: opaque
                        dst[d] = src[s]
                        dst[d &+ 1] = src[s &+ 1]
                        dst[d &+ 2] = src[s &+ 2]
                    } else {
                        let rest = 255 &- a
                        dst[d] = UInt8((UInt32(src[s]) &* a &+ br &* rest &+ 127) / 255)
                        dst[d &+ 1] = UInt8((UInt32(src[s &+ 1]) &* a &+ bg &* rest &+ 127) / 255)
                        dst[d &+ 2] = UInt8((UInt32(src[s &+ 2]) &* a &+ bb &* rest &+ 127) / 255)
                    }
                }
            }
        }
        return PixelImage(width: width, height: height, layout: .rgb, pixels: out)
    }
}

extension PixelImage {
    /// Whether every pixel is opaque (always, for RGB).
    public var isOpaque: Bool {
        guard layout == .rgba else { return true }
        return pixels.withUnsafeBufferPointer { bytes in
            var index = 3
            while index < bytes.count {
                if bytes[index] != 255 { return false }
                index &+= 4
            }
            return true
        }
    }

    /// This picture without an alpha channel when it has no transparency (a quarter fewer bytes to
    /// send), else as it is.
    public var droppingOpaqueAlpha: PixelImage {
        layout == .rgba && isOpaque ? flattened(onto: (0, 0, 0)) : self
    }

    /// This picture at the top left of a transparent canvas of `width` × `height` pixels, as RGBA (a
    /// picture that fills it exactly is returned as it is). Graphics protocols that scale a picture to
    /// a box of cells get one of exactly the box's pixels, so they scale nothing.
    public func onCanvas(width canvasWidth: Int, height canvasHeight: Int) -> PixelImage {
        if width == canvasWidth && height == canvasHeight { return self }
        let (w, h) = (min(width, canvasWidth), min(height, canvasHeight))
        var out = [UInt8](repeating: 0, count: canvasWidth * canvasHeight * 4)
        let c = channels
        for y in 0..<h {
            for x in 0..<w {
                let source = (y * width + x) * c
                let target = (y * canvasWidth + x) * 4
                out[target] = pixels[source]
                out[target + 1] = pixels[source + 1]
                out[target + 2] = pixels[source + 2]
                out[target + 3] = c == 4 ? pixels[source + 3] : 255
            }
        }
        return PixelImage(width: canvasWidth, height: canvasHeight, layout: .rgba, pixels: out)
    }
}

/// A size in pixels.
public struct PixelSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height)" }
}
