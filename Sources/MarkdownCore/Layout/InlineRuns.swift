import FoundationEssentials

/// Flattens inlines into styled runs ready for wrapping: emphasis becomes styles, links become
/// hyperlinked text or text followed by their URL, soft breaks become spaces, hard breaks `\n`, and
/// every tab one space (prose is reflowed, so a tab separates words and aligns nothing).
struct InlineRuns: Sendable {
    let theme: Theme
    let hyperlinks: Bool
    let baseDirectory: URL?
    /// Wrap emphasis, strong, strikethrough and code in their Markdown markers (for output without colour).
    var markers = false
    /// How formulas are shown.
    var math = MathOptions()

    func runs(_ inlines: [Inline], base: Style = .plain) -> [Span] {
        var out: [Span] = []
        append(inlines, style: base, to: &out)
        return out
    }

    func append(_ inlines: [Inline], style: Style, to out: inout [Span]) {
        for inline in inlines {
            switch inline {
            case .text(let text):
                out.append(Span(text.replacingTabs(), style: style))
            case .softBreak:
                out.append(Span(" ", style: style))
            case .lineBreak:
                out.append(Span("\n", style: style))
            case .code(let code):
                let codeStyle = style.merged(with: theme.inlineCode)
                out.append(Span(markers ? "`" + code.replacingTabs() + "`" : code.replacingTabs(), style: codeStyle))
            case .emphasis(let children):
                appendMarked(children, marker: "*", style: style.merged(with: theme.emphasis), to: &out)
            case .strong(let children):
                appendMarked(children, marker: "**", style: style.merged(with: theme.strong), to: &out)
            case .strikethrough(let children):
                appendMarked(children, marker: "~~", style: style.merged(with: theme.strikethrough), to: &out)
            case .link(let link):
                appendLink(link, style: style, to: &out)
            case .image(let image):
                appendImagePlaceholder(image, style: style, to: &out)
            case .html(let html), .htmlImage(let html, _):
                out.append(Span(html.replacingTabs(), style: style.merged(with: theme.html)))
            case .footnoteReference(_, let number):
                out.append(Span("[\(number)]", style: style.merged(with: theme.footnoteReference)))
            case .marked(let markup, let children):
                appendMarkup(markup, children, style: style, to: &out)
            case .math(let math):
                appendMath(math, style: style, to: &out)
            }
        }
    }

    /// The badge a link's content is, when it is nothing but one badge image.
    private static func badge(in content: [Inline]) -> Badge? {
        guard content.count == 1 else { return nil }
        switch content[0] {
        case .image(let image), .htmlImage(_, let image): return Badge(image)
        default: return nil
        }
    }

    /// Children between their Markdown markers when `markers` is on, else the children alone.
    private func appendMarked(_ children: [Inline], marker: String, style: Style, to out: inout [Span]) {
        if markers { out.append(Span(marker, style: style)) }
        append(children, style: style, to: &out)
        if markers { out.append(Span(marker, style: style)) }
    }

    private func appendLink(_ link: Link, style: Style, to out: inout [Span]) {
        var linkStyle = style.merged(with: theme.link)
        // Resolving is only worth its cost when a hyperlink will carry the target.
        let target = hyperlinks ? LinkTarget.resolve(link.destination, against: baseDirectory) : nil
        if let badge = Self.badge(in: link.content) {
            // A linked badge: the badge carries the link; its URL is not printed.
            appendBadge(badge, style: style, hyperlink: target, to: &out)
            return
        }
        if let target { linkStyle.hyperlink = target }
        append(link.content, style: linkStyle, to: &out)
        if link.content.isEmpty {
            out.append(Span(link.destination.replacingTabs(), style: linkStyle))
        } else if target == nil && !link.isAutolink && !link.destination.isEmpty
            && !link.destination.hasPrefix("#")
        {
            out.append(Span(" <\(link.destination.replacingTabs())>", style: style.merged(with: theme.linkURL)))
        }
    }

    private func appendImagePlaceholder(_ image: ImageReference, style: Style, to out: inout [Span]) {
        if let badge = Badge(image) {
            let target = hyperlinks ? LinkTarget.resolve(image.source, against: baseDirectory) : nil
            appendBadge(badge, style: style, hyperlink: target, to: &out)
            return
        }
        var placeholder = style.merged(with: theme.imagePlaceholder)
        let label = image.alt.isEmpty ? "image" : "image: \(image.alt.replacingTabs())"
        if hyperlinks, let target = LinkTarget.resolve(image.source, against: baseDirectory) {
            placeholder.hyperlink = target
            out.append(Span("[\(label)]", style: placeholder))
        } else {
            out.append(Span("[\(label)]", style: placeholder))
            if !image.source.isEmpty {
                out.append(Span(" <\(image.source.replacingTabs())>", style: style.merged(with: theme.linkURL)))
            }
        }
    }
}
