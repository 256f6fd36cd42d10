/// Draws a `SequenceDiagram` in box-drawing characters (`SequenceLayout`, then `SequencePainter`).
///
/// Labels are wrapped to the widest measure at which the drawing fits the width (a binary search: a
/// narrower measure never widens the drawing); a diagram that fits at none fails with `.tooWide`, and
/// the caller shows its source.
enum SequenceDrawing {
    static func draw(_ diagram: SequenceDiagram, width: Int) throws(DiagramFailure) -> DiagramPicture {
        guard !diagram.participants.isEmpty else { throw .empty }
        let titleWidth = max(8, width - 8)
        var low = min(8, max(1, width))
        var high = max(low, width - 4)
        let narrowest = SequenceLayout(diagram, wrap: low, titleWidth: titleWidth)
        guard narrowest.width <= width else { throw .tooWide(columns: narrowest.width - width) }
        var best = narrowest
        while low < high {
            let middle = (low + high + 1) / 2
            let layout = SequenceLayout(diagram, wrap: middle, titleWidth: titleWidth)
            if layout.width <= width {
                best = layout
                low = middle
            } else {
                high = middle - 1
            }
        }
        var painter = try SequencePainter(best)
        painter.paint()
        guard !painter.canvas.collided else { throw .unsupported("a layout whose parts would overlap") }
        return painter.canvas.picture()
    }
}
