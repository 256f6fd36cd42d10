/// Images written as HTML (issue 4): `<img>` and `<picture>` in HTML blocks and inline HTML go through
/// the same image stage as Markdown images. Only attributes are read (`HTMLImageScanner`); the rest of
/// the HTML is shown as before.
extension DocumentLayout {
    /// The lines for an HTML block that holds images, or nil to show it as plain HTML.
    ///
    /// A block that is only tags around its images (`<p align="center"><img …></p>`) becomes the
    /// images; a block with other visible text keeps its HTML, followed by the images. An image that
    /// cannot be shown becomes the usual alt-text placeholder.
    func htmlBlockWithImages(_ html: String, width: Int) -> [StyledLine]? {
        guard options.images != nil else { return nil }
        let references = HTMLImageScanner.images(in: html)
        guard !references.isEmpty else { return nil }
        var lines: [StyledLine] = Self.hasVisibleText(html) ? htmlBlockLines(html, width: width) : []
        for reference in references {
            lines +=
                renderedImageLines(reference, width: width)
                ?? wrapped(inlineRenderer.runs([.image(reference)]), width: width)
        }
        return lines
    }

    /// The image an inline HTML node (`<img …>`) shows, if any.
    static func htmlImage(_ html: String) -> ImageReference? {
        guard html.contains("<") else { return nil }
        let lowered = html.lowercased()
        guard lowered.contains("<img") else { return nil }
        return HTMLImageScanner.images(in: html).first
    }

    /// True when the HTML has text outside its tags and comments.
    static func hasVisibleText(_ html: String) -> Bool {
        var inTag = false
        var inComment = false
        let scalars = Array(html.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if inComment {
                if c == "-", i + 2 < scalars.count, scalars[i + 1] == "-", scalars[i + 2] == ">" {
                    inComment = false
                    i += 2
                }
            } else if inTag {
                if c == ">" { inTag = false }
            } else if c == "<" {
                if i + 3 < scalars.count, scalars[i + 1] == "!", scalars[i + 2] == "-", scalars[i + 3] == "-" {
                    inComment = true
                } else {
                    inTag = true
                }
            } else if !c.properties.isWhitespace {
                return true
            }
            i += 1
        }
        return false
    }
}
