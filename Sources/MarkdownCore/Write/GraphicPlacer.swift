/// Draws a graphic (such as a sixel image) over the rows layout reserved below the current line.
///
/// The cursor stands after the line's indentation. The graphic is drawn from there with the cursor
/// saved and restored around it, so the reserved rows that follow only rewrite their indentation and the
/// text after the picture starts below it.
///
/// A graphic of no rows occupies no cells of its own (a kitty graphics transmission whose picture the
/// line's placeholder cells show): its bytes are written where the line ends, with no cursor movement.
enum GraphicPlacer {
    static func draw(_ graphic: Graphic, atColumn column: Int, into out: inout [UInt8]) {
        guard graphic.rows > 0 else {
            out.append(contentsOf: graphic.payload)
            return
        }
        // Make room first, so drawing at the bottom of the screen does not scroll under the saved cursor.
        out.append(contentsOf: String(repeating: "\n", count: graphic.rows).utf8)
        out.append(contentsOf: "\u{1B}[\(graphic.rows)A\u{1B}[\(column + 1)G".utf8)
        out.append(contentsOf: "\u{1B}7".utf8)
        out.append(contentsOf: graphic.payload)
        out.append(contentsOf: "\u{1B}8".utf8)
    }
}
