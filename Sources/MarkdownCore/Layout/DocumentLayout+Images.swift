extension DocumentLayout {
    /// True for an image, or a link whose only content is an image (a badge).
    static func isImageLike(_ inline: Inline) -> Bool {
        imageOf(inline) != nil
    }

    static func imageOf(_ inline: Inline) -> ImageReference? {
        switch inline {
        case .image(let image):
            return image
        case .link(let link):
            if link.content.count == 1, case .image(let image) = link.content[0] { return image }
            return nil
        case .htmlImage(_, let image):
            return image
        default:
            return nil
        }
    }

    /// A paragraph with pictures: text before a picture is wrapped and flushed, the picture takes its own
    /// rows, and the text goes on below it. Consecutive badges share rows (`badgeRowLines`). An image that
    /// cannot be shown stays in the text as a placeholder. `textLines` lays out the text between the
    /// pictures (a heading styles it as a heading).
    func paragraphWithImages(
        _ inlines: [Inline], width: Int, textLines: ((_ text: [Inline]) -> [StyledLine])? = nil
    ) -> [StyledLine] {
        var lines: [StyledLine] = []
        var pending: [Inline] = []
        func flushText() {
            // A picture takes rows of its own: a line break right after it would only add an empty line.
            if !lines.isEmpty {
                while let first = pending.first, Self.isBreakOrSpace(first) { pending.removeFirst() }
                if case .text(let text)? = pending.first { pending[0] = .text(String(text.drop { $0 == " " })) }
            }
            let runs = inlineRuns.runs(pending)
            defer { pending.removeAll() }
            guard runs.contains(where: { !$0.text.allSatisfy { $0 == " " || $0 == "\n" } }) else { return }
            lines += textLines?(pending) ?? wrapped(runs, width: width)
        }
        func keepAsText(_ inline: Inline) {
            // An HTML <img> that cannot be shown gets the same placeholder as a Markdown image.
            if case .htmlImage(_, let image) = inline {
                pending.append(.image(image))
            } else {
                pending.append(inline)
            }
        }
        var index = inlines.startIndex
        while index < inlines.endIndex {
            let inline = inlines[index]
            if let badges = Self.badgeRun(inlines, from: index) {
                for part in badgeRowLines(inlines[badges], width: width) {
                    switch part {
                    case .text(let inlines): inlines.forEach(keepAsText)
                    case .pictures(let rows):
                        flushText()
                        lines += rows
                    }
                }
                index = badges.upperBound
                continue
            }
            index += 1
            guard let image = Self.imageOf(inline), let rendered = imageLines(image, width: width) else {
                keepAsText(inline)
                continue
            }
            flushText()
            lines += rendered
        }
        flushText()
        return lines
    }

    /// A line break, or text that is only white space.
    static func isBreakOrSpace(_ inline: Inline) -> Bool {
        switch inline {
        case .lineBreak, .softBreak: true
        case .text(let text): text.allSatisfy { $0 == " " || $0 == "\n" }
        default: false
        }
    }

    /// The rows a picture occupies, or nil when it cannot be shown (the caller keeps the placeholder).
    func imageLines(_ image: ImageReference, width: Int) -> [StyledLine]? {
        guard let rows = resources.images[image]?.rows(availableColumns: width) else { return nil }
        return lines(of: rows, width: width)
    }

    /// The lines a laid-out picture takes, or nil when it does not fit.
    func lines(of rows: ImageRows, width: Int) -> [StyledLine]? {
        switch rows {
        case .cells(let rows):
            return rows
        case .graphic(let graphic):
            guard graphic.rows > 0, graphic.columns <= width else { return nil }
            return [StyledLine([], graphic: graphic)]
                + Array(repeating: StyledLine.blank, count: graphic.rows - 1)
        }
    }
}
