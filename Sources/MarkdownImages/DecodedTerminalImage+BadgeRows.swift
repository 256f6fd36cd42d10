import MarkdownCore

/// Badge rows (README badges side by side, one text line high) for the graphics protocols. Half-blocks
/// keep text badges: a picture one line high is two half-block pixels high, which shows nothing.
extension DecodedTerminalImage {
    public func badgeRows(followedBy following: [any ResolvedImage], availableColumns: Int) -> [ImageRows]? {
        switch configuration.output {
        case .sixel, .kitty, .iterm: break
        case .halfBlocks, .none: return nil
        }
        var pictures = [pixels]
        for image in following {
            guard let decoded = image as? DecodedTerminalImage else { return nil }
            pictures.append(decoded.pixels)
        }
        let composer = BadgeRowComposer(cellWidth: configuration.cellWidth, cellHeight: configuration.cellHeight)
        do throws(ImageError) {
            return try composer.rows(pictures, availableColumns: availableColumns).map { row throws(ImageError) in
                try encode(row, displaySize: PixelSize(width: row.width, height: row.height))
            }
        } catch {
            Self.report(error, for: reference, to: configuration.diagnostics)
            return nil
        }
    }
}
