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

        // Each source row is scaled horizontally once, when the first output row needs it, and dropped
        // when no later output row does: only the filter's window of rows is held (as Float), never all
        // `sh` of them, so shrinking a huge picture needs little more memory than the picture.
        let rowLength = dw * c
        var window: [[Float]] = []
        var windowStart = 0
        var out = [UInt8](repeating: 0, count: dh * rowLength)
        image.pixels.withUnsafeBufferPointer { src in
            func scaledRow(_ y: Int) -> [Float] {
                var row = [Float](repeating: 0, count: rowLength)
                let base = y * sw * c
                for x in 0..<dw {
                    let tap = xs[x]
                    for ch in 0..<c {
                        var sum: Float = 0
                        for (k, w) in tap.weights.enumerated() {
                            sum += Float(src[base + (tap.start + k) * c + ch]) * w
                        }
                        row[x * c + ch] = sum
                    }
                }
                return row
            }
            out.withUnsafeMutableBufferPointer { dst in
                var acc = [Float](repeating: 0, count: rowLength)
                for y in 0..<dh {
                    let tap = ys[y]
                    if tap.start < windowStart || tap.start >= windowStart + window.count {
                        window = []
                        windowStart = tap.start
                    } else if tap.start > windowStart {
                        window.removeFirst(tap.start - windowStart)
                        windowStart = tap.start
                    }
                    while windowStart + window.count < tap.start + tap.weights.count {
                        window.append(scaledRow(windowStart + window.count))
                    }
                    for i in 0..<rowLength { acc[i] = 0 }
                    for (k, w) in tap.weights.enumerated() {
                        let row = window[tap.start + k - windowStart]
                        for i in 0..<rowLength { acc[i] += row[i] * w }
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
