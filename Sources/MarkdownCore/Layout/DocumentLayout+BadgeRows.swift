/// A README's row of badges where pictures are shown: the badges of a paragraph side by side, each one
/// text line high, in as few rows as the width allows, instead of one picture per line. Which pictures
/// can be combined, and how, is the image stage's business (`ResolvedImage.badgeRows`); an output that
/// does not draw them so (half-blocks) keeps the text badges.
extension DocumentLayout {
    /// What a run of badges becomes: pictures, or inlines to keep in the text.
    enum BadgeRowPart {
        case pictures([StyledLine])
        case text([Inline])
    }

    /// The run of badges starting at `index` (badges with only spaces and line breaks between them,
    /// ending with the last badge), or nil when `inlines[index]` is not a badge.
    static func badgeRun(_ inlines: [Inline], from index: Int) -> Range<Int>? {
        guard isBadge(inlines[index]) else { return nil }
        var end = index + 1
        var scan = end
        while scan < inlines.endIndex {
            if isBadge(inlines[scan]) {
                scan += 1
                end = scan
            } else if isSpacing(inlines[scan]) {
                scan += 1
            } else {
                break
            }
        }
        return index..<end
    }

    /// The run's badges whose pictures are loaded, combined into rows one line high; the others (and
    /// all of them where the output does not combine pictures) stay text, in document order.
    func badgeRowLines(_ run: ArraySlice<Inline>, width: Int) -> [BadgeRowPart] {
        var parts: [BadgeRowPart] = []
        var groupInlines: [Inline] = []
        var images: [any ResolvedImage] = []
        func closeGroup() {
            defer {
                groupInlines.removeAll()
                images.removeAll()
            }
            guard let first = images.first else { return }
            let rows = first.badgeRows(followedBy: Array(images.dropFirst()), availableColumns: width) ?? []
            let pictures = rows.compactMap { lines(of: $0, width: width) }
            // Spacing between badges is dropped when they become pictures, kept between text badges.
            parts.append(
                !rows.isEmpty && pictures.count == rows.count ? .pictures(pictures.flatMap { $0 }) : .text(groupInlines)
            )
        }
        for inline in run {
            if Self.isSpacing(inline) {
                if images.isEmpty { parts.append(.text([inline])) } else { groupInlines.append(inline) }
            } else if let image = Self.imageOf(inline), let resolved = resources.images[image] {
                groupInlines.append(inline)
                images.append(resolved)
            } else {
                closeGroup()
                parts.append(.text([inline]))
            }
        }
        closeGroup()
        return parts
    }

    private static func isBadge(_ inline: Inline) -> Bool {
        imageOf(inline).flatMap(Badge.init) != nil
    }

    private static func isSpacing(_ inline: Inline) -> Bool {
        switch inline {
        case .softBreak, .lineBreak: return true
        case .text(let text): return text.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" }
        default: return false
        }
    }
}
