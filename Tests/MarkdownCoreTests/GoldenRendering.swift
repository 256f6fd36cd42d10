import FoundationEssentials
import MarkdownCore

/// The one function the golden tests render through: Markdown and a variant in, styled lines out.
///
/// Runs the whole pipeline (`MarkdownRenderer`) with stub resources for the resolve stage
/// (`StubHighlighter`, `StubImages`), so a golden tests parsing and layout alone.
enum GoldenRendering {
    /// Everything besides the Markdown that decides a golden's lines.
    struct Variant: Sendable {
        var width: Int
        var colorDepth: ColorDepth
        var theme: Theme = .dark
        var hyperlinks = false
        /// Code blocks coloured by `StubHighlighter` instead of shown plain.
        var highlighting = false
        /// Images shown as `StubImages`' block instead of their alt text.
        var images = false
        /// The document's directory, which relative links resolve against for hyperlinks.
        var baseDirectory: URL?
    }

    static func lines(_ markdown: String, _ variant: Variant) -> [StyledLine] {
        let capabilities = TerminalCapabilities(
            width: variant.width, colorDepth: variant.colorDepth, hyperlinks: variant.hyperlinks)
        let renderer = MarkdownRenderer(
            capabilities: capabilities, theme: variant.theme,
            highlighter: variant.highlighting ? StubHighlighter() : nil, images: variant.images ? StubImages() : nil)
        return renderer.lines(for: markdown, baseDirectory: variant.baseDirectory)
    }

    /// The plain text the writer makes of `lines` (what `--color never` prints).
    static func plainText(_ lines: [StyledLine]) -> String {
        var bytes: [UInt8] = []
        TerminalWriter(colorDepth: .none, hyperlinks: false).write(lines, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A highlighter that needs no grammar: in every line of a block with a language, the first word is a
/// `keyword`, a word in double quotes a `string`, a word of digits a `number`, and anything from `#`
/// to the end of the line a `comment`. Fixed, so that a golden tests layout's colouring alone.
struct StubHighlighter: SyntaxHighlighter {
    func tokens(for code: String, language: String) -> [SyntaxToken]? {
        var tokens: [SyntaxToken] = []
        let bytes = Array(code.utf8)
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            var index = lineStart
            var firstWord = true
            while index < lineEnd {
                if bytes[index] == UInt8(ascii: " ") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "#") {
                    tokens.append(SyntaxToken(range: index..<lineEnd, capture: "comment"))
                    break
                }
                let end = bytes[index..<lineEnd].firstIndex(of: UInt8(ascii: " ")) ?? lineEnd
                let word = bytes[index..<end]
                let capture: String? =
                    firstWord
                    ? "keyword"
                    : word.first == UInt8(ascii: "\"")
                        ? "string"
                        : word.allSatisfy({ (0x30...0x39).contains($0) }) ? "number" : nil
                if let capture { tokens.append(SyntaxToken(range: index..<end, capture: capture)) }
                firstWord = false
                index = end
            }
            lineStart = lineEnd + 1
        }
        return tokens
    }
}

/// Every image as the same two rows of coloured half-blocks, at most six columns wide (fewer when less
/// room is left), so that a golden tests where layout puts a picture, not how one is decoded.
struct StubImages: ImageResolving, ResolvedImage {
    var canShowImages: Bool { true }
    func prefetch(_ images: [ImageReference], baseDirectory: URL?) {}
    func resolve(_ image: ImageReference, baseDirectory: URL?) -> (any ResolvedImage)? { self }

    func rows(availableColumns: Int) -> ImageRows? {
        let columns = min(6, availableColumns)
        let top = Style(foreground: .rgb(0xE0, 0x40, 0x40), background: .rgb(0x40, 0x40, 0xE0))
        let bottom = Style(foreground: .rgb(0x40, 0xC0, 0x40), background: .rgb(0xE0, 0xC0, 0x40))
        let block = String(repeating: "▀", count: columns)
        return .cells([StyledLine([Span(block, style: top)]), StyledLine([Span(block, style: bottom)])])
    }
}
