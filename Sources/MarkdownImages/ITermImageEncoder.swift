import FoundationEssentials
import MarkdownCore

/// Encodes pixels as an iTerm2 inline image (iTerm2, WezTerm, and others that adopted it):
/// `ESC ] 1337 ; File=inline=1;size=…;width=<columns>;height=<rows>;preserveAspectRatio=1:<base64 PNG> BEL`.
///
/// The PNG is made by libpng from the pixels mdview already sized — never the document's original
/// bytes, which the terminal would otherwise decode itself — laid on a transparent canvas of exactly the
/// columns × rows layout reserved, so the picture fills that box without being stretched. The writer
/// draws it like a sixel graphic, over the reserved rows with the cursor saved and restored.
///
/// Nothing from the document reaches the bytes: the payload is numbers and base64.
public struct ITermImageEncoder: ImageEncoder {
    /// One character cell in pixels: the canvas is the footprint's cells at this size.
    public var cellWidth: Int
    public var cellHeight: Int
    /// Wrap the sequence for tmux passthrough.
    public var tmuxPassthrough: Bool

    public init(cellWidth: Int, cellHeight: Int, tmuxPassthrough: Bool = false) {
        self.cellWidth = max(1, cellWidth)
        self.cellHeight = max(1, cellHeight)
        self.tmuxPassthrough = tmuxPassthrough
    }

    public func encode(_ image: PixelImage, displaySize: PixelSize, footprint: CellFootprint) throws(ImageError)
        -> ImageRows
    {
        let canvas = Resampler.resize(image, to: displaySize).onCanvas(
            width: footprint.columns * cellWidth, height: footprint.rows * cellHeight
        ).droppingOpaqueAlpha
        let png = try PNGEncoder.encode(canvas)
        let header =
            "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(footprint.columns);height=\(footprint.rows);"
            + "preserveAspectRatio=1:"
        var sequence = Array(header.utf8)
        sequence += [UInt8](Data(png).base64EncodedData())
        sequence.append(0x07)
        let payload = tmuxPassthrough ? TmuxPassthrough.wrap(sequence) : sequence
        return .graphic(Graphic(payload: payload, columns: footprint.columns, rows: footprint.rows))
    }
}
