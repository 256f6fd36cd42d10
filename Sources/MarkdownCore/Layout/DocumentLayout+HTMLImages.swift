/// Images written as HTML: `<img>` and `<picture>` in HTML blocks go through the same image
/// stage as Markdown images. The parser found them (`HTMLBlock.images`); the rest of the HTML is shown
/// as before.
extension DocumentLayout {
    /// The lines for an HTML block that holds images, or nil to show it as plain HTML.
    ///
    /// A block that is only tags around its images (`<p align="center"><img …></p>`) becomes the
    /// images; a block with other visible text keeps its HTML, followed by the images. An image that
    /// cannot be shown becomes the usual alt-text placeholder.
    func htmlBlockWithImages(_ block: HTMLBlock, width: Int) -> [StyledLine]? {
        guard options.showsImages, !block.images.isEmpty else { return nil }
        var lines: [StyledLine] = block.hasVisibleText ? htmlBlockLines(block.html, width: width) : []
        for reference in block.images {
            lines += imageLines(reference, width: width) ?? wrapped(inlineRuns.runs([.image(reference)]), width: width)
        }
        return lines
    }
}
