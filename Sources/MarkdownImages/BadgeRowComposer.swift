import MarkdownCore

/// Lays a README's badge pictures side by side, each scaled down to the height of one text line
/// (`AspectScaleDownByHeight` with one row), one empty cell between two, starting each on a cell
/// boundary, into as many rows as `availableColumns` needs. Each row becomes one picture, so the
/// terminal draws it with one graphic and layout reserves one line for it.
public struct BadgeRowComposer: Sendable {
    public var cellWidth: Int
    public var cellHeight: Int

    public init(cellWidth: Int, cellHeight: Int) {
        self.cellWidth = max(1, cellWidth)
        self.cellHeight = max(1, cellHeight)
    }

    /// The rows, each a transparent RGBA canvas at most `availableColumns` cells wide and one cell high.
    public func rows(_ pictures: [PixelImage], availableColumns: Int) -> [PixelImage] {
        let context = SizingContext(availableColumns: availableColumns, cellWidth: cellWidth, cellHeight: cellHeight)
        let sizer = AspectScaleDownByHeight(maxRows: 1)
        var rows: [[(picture: PixelImage, column: Int)]] = [[]]
        var used = 0
        for picture in pictures {
            let natural = PixelSize(width: picture.width, height: picture.height)
            let scaled = Resampler.resize(picture, to: sizer.displaySize(for: "", natural: natural, in: context))
            let columns = (scaled.width + cellWidth - 1) / cellWidth
            let start = used == 0 ? 0 : used + 1
            if used > 0 && start + columns > availableColumns {
                rows.append([(scaled, 0)])
                used = columns
            } else {
                rows[rows.count - 1].append((scaled, start))
                used = start + columns
            }
        }
        return rows.filter { !$0.isEmpty }.map(canvas)
    }

    /// The row's pictures on one canvas, each centred vertically.
    private func canvas(_ row: [(picture: PixelImage, column: Int)]) -> PixelImage {
        let width = row.map { $0.column * cellWidth + $0.picture.width }.max() ?? 1
        let height = min(cellHeight, row.map(\.picture.height).max() ?? 1)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for (picture, column) in row {
            let left = column * cellWidth
            let top = max(0, (height - picture.height) / 2)
            let channels = picture.channels
            for y in 0..<min(picture.height, height - top) {
                for x in 0..<min(picture.width, width - left) {
                    let source = (y * picture.width + x) * channels
                    let target = ((top + y) * width + left + x) * 4
                    out[target] = picture.pixels[source]
                    out[target + 1] = picture.pixels[source + 1]
                    out[target + 2] = picture.pixels[source + 2]
                    out[target + 3] = channels == 4 ? picture.pixels[source + 3] : 255
                }
            }
        }
        return PixelImage(width: width, height: height, layout: .rgba, pixels: out)
    }
}
