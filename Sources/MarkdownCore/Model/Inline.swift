/// An inline element of a paragraph, heading or table cell.
///
/// Nesting depth is bounded by the parser, so recursive walks over inlines are bounded.
public indirect enum Inline: Equatable, Sendable {
    case text(String)
    /// A line ending inside a paragraph: shown as a space when text is reflowed.
    case softBreak
    /// A hard line break (two trailing spaces or a backslash).
    case lineBreak
    case code(String)
    case emphasis([Inline])
    case strong([Inline])
    case strikethrough([Inline])
    case link(Link)
    case image(ImageReference)
    /// Inline raw HTML, shown verbatim and dimmed.
    case html(String)
    /// An inline HTML tag holding an image (`<img src=…>`), found by the parser: a picture where images
    /// are shown, else verbatim like other HTML.
    case htmlImage(html: String, image: ImageReference)
    /// A footnote reference, numbered in order of first reference.
    case footnoteReference(label: String, number: Int)
    /// Text an HTML element marks (`<kbd>`, `<sup>`, `<mark>`, …), see `InlineMarkup`.
    case marked(InlineMarkup, [Inline])
    /// A formula: `$…$`, `\(…\)`, `` $`…`$ `` or `$$…$$` inside a paragraph.
    case math(MathSpan)

    /// The plain text of inlines, as a reader would say it (used for alt text and link comparison).
    public static func plainText(_ inlines: [Inline]) -> String {
        var out = ""
        appendPlainText(inlines, to: &out)
        return out
    }

    private static func appendPlainText(_ inlines: [Inline], to out: inout String) {
        for inline in inlines {
            switch inline {
            case .text(let s), .code(let s), .html(let s), .htmlImage(let s, _): out += s
            case .softBreak, .lineBreak: out += " "
            case .emphasis(let c), .strong(let c), .strikethrough(let c), .marked(_, let c):
                appendPlainText(c, to: &out)
            case .link(let link): appendPlainText(link.content, to: &out)
            case .image(let image): out += image.alt
            case .footnoteReference(_, let number): out += "[\(number)]"
            case .math(let math): out += math.written
            }
        }
    }

    /// Every image among `inlines`, in order: Markdown images and the images the parser found in
    /// inline HTML tags.
    static func collectImages(_ inlines: [Inline], into found: inout [ImageReference]) {
        for inline in inlines {
            switch inline {
            case .image(let image), .htmlImage(_, let image): found.append(image)
            case .emphasis(let c), .strong(let c), .strikethrough(let c), .marked(_, let c):
                collectImages(c, into: &found)
            case .link(let link): collectImages(link.content, into: &found)
            default: break
            }
        }
    }
}

/// What an HTML element does to the text it holds, beyond what Markdown itself can say.
public enum InlineMarkup: Equatable, Sendable {
    /// `<kbd>`: a key on a keyboard, shown as a key cap.
    case keyboard
    /// `<sup>`: raised; shown with Unicode superscript characters where every character has one.
    case superscript
    /// `<sub>`: lowered; shown with Unicode subscript characters where every character has one.
    case `subscript`
    /// `<u>`, `<ins>`: underlined.
    case underline
    /// `<mark>`: highlighted.
    case highlight
    /// `<small>`: de-emphasised.
    case small
}

/// A hyperlink: where it points, its optional title and the inlines it shows.
public struct Link: Equatable, Sendable {
    public var destination: String
    public var title: String
    public var content: [Inline]
    /// True for GFM autolinks and `<https://…>` links, whose text is the destination.
    public var isAutolink: Bool

    public init(destination: String, title: String = "", content: [Inline], isAutolink: Bool = false) {
        self.destination = destination
        self.title = title
        self.content = content
        self.isAutolink = isAutolink
    }
}

/// An image the document wants to show: `![alt](source "title")` or an HTML `<img>`.
public struct ImageReference: Equatable, Hashable, Sendable {
    /// Candidate sources, best first. Markdown images have one; HTML `<picture>` can have several.
    public var sources: [String]
    public var alt: String
    public var title: String
    /// Bounds in pixels from HTML `width`/`height` attributes.
    public var width: Int?
    public var height: Int?

    public init(sources: [String], alt: String, title: String = "", width: Int? = nil, height: Int? = nil) {
        self.sources = sources
        self.alt = alt
        self.title = title
        self.width = width
        self.height = height
    }

    /// The first candidate source, shown in placeholders.
    public var source: String { sources.first ?? "" }
}
