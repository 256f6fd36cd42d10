/// The sizes one raster picture passes through while it is decoded: what the codec writes (scaled while
/// decoding where it can: libjpeg-turbo by a factor n/8, libwebp to any size), then what is kept, at most
/// `maxWidth` pixels wide — the widest any terminal placement of it can be, so nothing is lost. PNG and GIF
/// decode at full size and are scaled down at once; the full-size pixels are never kept.
struct DecodeScale: Equatable {
    /// The size the codec decodes to.
    var decoded: PixelSize
    /// The size kept: `decoded`, or smaller.
    var kept: PixelSize

    init(width: Int, height: Int, format: ImageHeader.Format, maxWidth: Int?) {
        let full = PixelSize(width: width, height: height)
        guard let maxWidth, maxWidth > 0, width > maxWidth else {
            self.decoded = full
            self.kept = full
            return
        }
        let keptHeight = Int((Double(height) * Double(maxWidth) / Double(width)).rounded())
        let kept = PixelSize(width: maxWidth, height: max(1, keptHeight))
        self.kept = kept
        switch format {
        case .png, .gif:
            decoded = full
        case .webp:
            decoded = kept
        case .jpeg:
            // The smallest factor n/8 that keeps at least `maxWidth` columns (1/8 when even that is wider).
            let n = (1...8).first { (width * $0 + 7) / 8 >= maxWidth } ?? 8
            decoded = PixelSize(width: (width * n + 7) / 8, height: (height * n + 7) / 8)
        }
    }

    /// Bytes of pixels held at once while decoding and scaling down: the decoded RGBA picture and, when
    /// it is scaled, the resampler's window of rows (`kept.width` floats per channel each) and the result.
    var bytesHeld: Int {
        let decodedBytes = decoded.width * decoded.height * 4
        guard kept != decoded else { return decodedBytes }
        let windowRows = 2 * (decoded.height / max(1, kept.height) + 1) + 1
        return decodedBytes + windowRows * kept.width * 4 * 4 + kept.width * kept.height * 4
    }
}
