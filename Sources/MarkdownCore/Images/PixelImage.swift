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
        var out = [UInt8](repeating: 0, count: width * height * 3)
        let bg = [Int(background.0), Int(background.1), Int(background.2)]
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for i in 0..<(width * height) {
                    let a = Int(src[i * 4 + 3])
                    for c in 0..<3 {
                        let v = Int(src[i * 4 + c])
                        dst[i * 3 + c] = UInt8((v * a + bg[c] * (255 - a) + 127) / 255)
                    }
                }
            }
        }
        return PixelImage(width: width, height: height, layout: .rgb, pixels: out)
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
