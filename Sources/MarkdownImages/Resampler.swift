import MarkdownCore

/// Scales RGB pixels to an exact size with a separable tent filter whose support grows with the
/// reduction factor, so shrinking averages every source pixel (no aliasing, unlike nearest-neighbour)
/// and enlarging interpolates bilinearly.
public enum Resampler {
    public static func resize(_ image: PixelImage, to size: PixelSize) -> PixelImage {
        let c = image.channels
        let (sw, sh) = (image.width, image.height)
        let (dw, dh) = (max(1, size.width), max(1, size.height))
        if sw == dw && sh == dh { return image }
        let xs = weights(source: sw, destination: dw)
        let ys = weights(source: sh, destination: dh)

        // Horizontal pass: sh rows × dw columns, as Float.
        var mid = [Float](repeating: 0, count: sh * dw * c)
        image.pixels.withUnsafeBufferPointer { src in
            mid.withUnsafeMutableBufferPointer { dst in
                for y in 0..<sh {
                    let row = y * sw * c
                    let outRow = y * dw * c
                    for x in 0..<dw {
                        let tap = xs[x]
                        for ch in 0..<c {
                            var sum: Float = 0
                            for (k, w) in tap.weights.enumerated() {
                                sum += Float(src[row + (tap.start + k) * c + ch]) * w
                            }
                            dst[outRow + x * c + ch] = sum
                        }
                    }
                }
            }
        }
        // Vertical pass: dh rows × dw columns, rounded back to bytes.
        var out = [UInt8](repeating: 0, count: dh * dw * c)
        mid.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                let rowLength = dw * c
                var acc = [Float](repeating: 0, count: rowLength)
                for y in 0..<dh {
                    let tap = ys[y]
                    for i in 0..<rowLength { acc[i] = 0 }
                    for (k, w) in tap.weights.enumerated() {
                        let row = (tap.start + k) * rowLength
                        for i in 0..<rowLength { acc[i] += src[row + i] * w }
                    }
                    let outRow = y * rowLength
                    for i in 0..<rowLength { dst[outRow + i] = UInt8(max(0, min(255, acc[i] + 0.5))) }
                }
            }
        }
        return PixelImage(width: dw, height: dh, layout: image.layout, pixels: out)
    }

    struct Tap {
        var start: Int
        var weights: [Float]
    }

    /// Normalised tent-filter taps for each destination index.
    static func weights(source: Int, destination: Int) -> [Tap] {
        let scale = Double(source) / Double(destination)
        let support = max(1.0, scale)
        return (0..<destination).map { d in
            let center = (Double(d) + 0.5) * scale - 0.5
            let lo = max(0, Int((center - support).rounded(.up)))
            let hi = min(source - 1, Int((center + support).rounded(.down)))
            var ws: [Float] = []
            var total = 0.0
            if hi >= lo {
                for s in lo...hi {
                    let w = max(0, 1 - abs(Double(s) - center) / support)
                    ws.append(Float(w))
                    total += w
                }
            }
            if total <= 0 {
                let nearest = min(source - 1, max(0, Int(center.rounded())))
                return Tap(start: nearest, weights: [1])
            }
            return Tap(start: lo, weights: ws.map { $0 / Float(total) })
        }
    }
}
