import MarkdownCore

/// Draws a picture with Unicode upper half blocks (`▀`): foreground is the top pixel, background the
/// bottom one, two pixel rows per cell. Works in any colour terminal; the writer degrades the 24-bit
/// colours to 256 or 16 when it must.
public struct HalfBlockEncoder: ImageEncoder {
    public var background: (UInt8, UInt8, UInt8)

    public init(background: (UInt8, UInt8, UInt8) = (0, 0, 0)) {
        self.background = background
    }

    public func encode(_ image: PixelImage, displaySize: PixelSize, footprint: CellFootprint) throws(ImageError)
        -> ImageRows
    {
        let (columns, rows) = (footprint.columns, footprint.rows)
        let rgb = Resampler.resize(image.flattened(onto: background), to: PixelSize(width: columns, height: rows * 2))
        var lines: [StyledLine] = []
        lines.reserveCapacity(rows)
        for row in 0..<rows {
            var spans: [Span] = []
            for x in 0..<columns {
                let top = color(rgb, x, row * 2)
                let bottom = color(rgb, x, row * 2 + 1)
                let style = Style(foreground: top, background: bottom, picture: true)
                if let last = spans.last, last.style == style {
                    spans[spans.count - 1].text += "▀"
                } else {
                    spans.append(Span("▀", style: style))
                }
            }
            lines.append(StyledLine(spans))
        }
        return .cells(lines)
    }

    private func color(_ image: PixelImage, _ x: Int, _ y: Int) -> Color {
        let i = (y * image.width + x) * 3
        return .rgb(image.pixels[i], image.pixels[i + 1], image.pixels[i + 2])
    }
}
