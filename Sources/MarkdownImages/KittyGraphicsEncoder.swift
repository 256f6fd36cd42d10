import FoundationEssentials
import MarkdownCore

/// Encodes pixels for the kitty graphics protocol (kitty, Ghostty, WezTerm, Konsole): the picture, already
/// sized by mdview, travels as RGBA (`f=32`) or RGB (`f=24`) pixels, base64 in chunks of at most 4096
/// bytes (`ESC _ G …;<chunk> ESC \`, `m=1` on all but the last), and is placed in exactly the
/// `c=` columns × `r=` rows layout reserved. The pixels are laid on a transparent canvas of exactly
/// those cells, so the terminal scales nothing and the picture keeps its aspect ratio.
///
/// Two placements:
/// - `unicodePlaceholders` (preferred where the terminal has them): the picture is transmitted with a
///   virtual placement (`U=1`) and its cells are ordinary text — `U+10EEEE` with a row and a column
///   mark, its foreground colour the image id — so it scrolls, pages and clears with the text, and
///   tmux keeps it where it belongs. Every picture gets a random 24-bit id, so pictures of earlier
///   runs in the scrollback stay what they were.
/// - `cursor`: drawn at the cursor like sixel (`C=1`: the cursor does not move), over blank rows.
///
/// Nothing from the document reaches the bytes: the payload is pixels in base64 and numbers.
public struct KittyGraphicsEncoder: ImageEncoder {
    public enum Placement: Sendable, Equatable {
        case unicodePlaceholders
        case cursor
    }

    /// The most base64 bytes in one escape sequence, from the protocol.
    public static let chunkSize = 4096

    public var placement: Placement
    /// One character cell in pixels: the canvas is the footprint's cells at this size.
    public var cellWidth: Int
    public var cellHeight: Int
    /// Wrap every sequence for tmux passthrough.
    public var tmuxPassthrough: Bool
    /// Makes image ids (24 bits, never 0); tests pass their own.
    public var makeID: @Sendable () -> UInt32

    public init(
        placement: Placement, cellWidth: Int, cellHeight: Int, tmuxPassthrough: Bool = false,
        makeID: @escaping @Sendable () -> UInt32 = { UInt32.random(in: 0x01_0000...0xFF_FFFF) }
    ) {
        self.placement = placement
        self.cellWidth = max(1, cellWidth)
        self.cellHeight = max(1, cellHeight)
        self.tmuxPassthrough = tmuxPassthrough
        self.makeID = makeID
    }

    public func encode(_ image: PixelImage, displaySize: PixelSize, footprint: CellFootprint) throws(ImageError)
        -> ImageRows
    {
        let canvas = Resampler.resize(image, to: displaySize).onCanvas(
            width: footprint.columns * cellWidth, height: footprint.rows * cellHeight
        ).droppingOpaqueAlpha
        let fits =
            KittyPlaceholderDiacritics.mark(footprint.rows - 1) != nil
            && KittyPlaceholderDiacritics.mark(footprint.columns - 1) != nil
        if placement == .unicodePlaceholders && fits {
            let id = makeID() & 0xFF_FFFF
            let keys = "a=T,U=1,i=\(id),q=2,c=\(footprint.columns),r=\(footprint.rows)"
            let transmission = Graphic(payload: commands(keys, canvas), columns: footprint.columns, rows: 0)
            var lines = Self.placeholderRows(id: id, footprint: footprint)
            lines[0].graphic = transmission
            return .cells(lines)
        }
        let keys = "a=T,C=1,q=2,c=\(footprint.columns),r=\(footprint.rows)"
        return .graphic(Graphic(payload: commands(keys, canvas), columns: footprint.columns, rows: footprint.rows))
    }

    /// The transmission: the first command carries `keys` and the format, every one a chunk of base64.
    func commands(_ keys: String, _ canvas: PixelImage) -> [UInt8] {
        let format = canvas.layout == .rgba ? 32 : 24
        let base64 = [UInt8](Data(canvas.pixels).base64EncodedData())
        var out: [UInt8] = []
        out.reserveCapacity(base64.count + base64.count / Self.chunkSize * 24 + 64)
        var start = 0
        repeat {
            let end = min(base64.count, start + Self.chunkSize)
            let more = end < base64.count ? 1 : 0
            let control =
                start == 0 ? "\(keys),f=\(format),s=\(canvas.width),v=\(canvas.height),m=\(more)" : "m=\(more)"
            var command: [UInt8] = [0x1B, 0x5F, 0x47] + Array(control.utf8) + [0x3B]
            command += base64[start..<end]
            command += [0x1B, 0x5C]
            out += tmuxPassthrough ? TmuxPassthrough.wrap(command) : command
            start = end
        } while start < base64.count
        return out
    }

    /// The placeholder cells: one line per row, each cell `U+10EEEE` + row mark + column mark, coloured
    /// with the image id (24-bit, never degraded).
    static func placeholderRows(id: UInt32, footprint: CellFootprint) -> [StyledLine] {
        let style = Style(
            foreground: .exactRGB(UInt8(id >> 16 & 0xFF), UInt8(id >> 8 & 0xFF), UInt8(id & 0xFF)), picture: true)
        var columnMarks = String.UnicodeScalarView()
        var lines: [StyledLine] = []
        lines.reserveCapacity(footprint.rows)
        for row in 0..<footprint.rows {
            guard let rowMark = KittyPlaceholderDiacritics.mark(row) else { break }
            columnMarks.removeAll(keepingCapacity: true)
            for column in 0..<footprint.columns {
                guard let columnMark = KittyPlaceholderDiacritics.mark(column) else { break }
                columnMarks.append(KittyPlaceholderDiacritics.placeholder)
                columnMarks.append(rowMark)
                columnMarks.append(columnMark)
            }
            lines.append(StyledLine([Span(String(columnMarks), style: style)]))
        }
        return lines
    }
}
