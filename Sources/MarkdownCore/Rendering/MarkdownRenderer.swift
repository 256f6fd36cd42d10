import Dispatch
import FoundationEssentials

/// The whole pipeline for one document: parse, start resources, lay out, write bytes.
///
/// The command builds one renderer from its options and calls `render` per input. Resources start
/// before layout: every image of the document begins loading (through `imageRendererFactory`) and code
/// blocks are highlighted in parallel, so layout mostly finds its answers ready.
public struct MarkdownRenderer: Sendable {
    /// Makes the image stage for one document from all the images it references and its directory.
    public typealias ImageRendererFactory = @Sendable (_ images: [ImageReference], _ baseDirectory: URL?) -> (any ImageRendering)?

    public var capabilities: TerminalCapabilities
    public var theme: Theme
    public var highlighter: (any SyntaxHighlighter)?
    public var imageRendererFactory: ImageRendererFactory?

    public init(
        capabilities: TerminalCapabilities, theme: Theme = .dark, highlighter: (any SyntaxHighlighter)? = nil,
        imageRendererFactory: ImageRendererFactory? = nil
    ) {
        self.capabilities = capabilities
        self.theme = theme
        self.highlighter = highlighter
        self.imageRendererFactory = imageRendererFactory
    }

    /// The styled lines for `markdown` (useful for tests and for callers with their own writer).
    public func lines(for markdown: String, baseDirectory: URL? = nil) -> [StyledLine] {
        let document = DocumentConverter().document(from: markdown)
        return lines(for: document, baseDirectory: baseDirectory)
    }

    public func lines(for document: Document, baseDirectory: URL?) -> [StyledLine] {
        var images: (any ImageRendering)?
        if let factory = imageRendererFactory {
            let references = document.images
            if !references.isEmpty { images = factory(references, baseDirectory) }
        }
        if let highlighter { Self.highlightInParallel(document, with: highlighter) }
        let options = LayoutOptions(
            width: capabilities.width, theme: theme, hyperlinks: capabilities.hyperlinks && capabilities.usesColor,
            highlighter: highlighter, images: images, baseDirectory: baseDirectory)
        return DocumentLayout(options: options).lines(for: document)
    }

    /// The bytes to write for `markdown`.
    public func render(_ markdown: String, baseDirectory: URL? = nil) -> [UInt8] {
        renderKeepingModel(markdown, baseDirectory: baseDirectory).bytes
    }

    /// A rendered document together with the model and lines it was made from.
    public struct Rendering: Sendable {
        public var document: Document
        public var lines: [StyledLine]
        public var bytes: [UInt8]
    }

    /// Renders and hands back the intermediate values too, so that a short-lived caller can keep them
    /// alive until it exits instead of spending time freeing millions of small objects.
    public func renderKeepingModel(_ markdown: String, baseDirectory: URL? = nil) -> Rendering {
        let document = DocumentConverter().document(from: markdown)
        let lines = lines(for: document, baseDirectory: baseDirectory)
        var out: [UInt8] = []
        out.reserveCapacity(markdown.utf8.count * 2)
        TerminalWriter(colorDepth: capabilities.colorDepth, hyperlinks: capabilities.hyperlinks)
            .write(lines, into: &out)
        return Rendering(document: document, lines: lines, bytes: out)
    }

    /// Highlights a document's code blocks on all cores ahead of layout; the highlighter caches results
    /// by (content, language), so layout then finds them ready. One block is left to layout itself.
    private static func highlightInParallel(_ document: Document, with highlighter: any SyntaxHighlighter) {
        let blocks = document.codeBlocks.compactMap { block in block.language.map { (block.code, $0) } }
        guard blocks.count > 1 else { return }
        DispatchQueue.concurrentPerform(iterations: blocks.count) { index in
            _ = highlighter.tokens(for: blocks[index].0, language: blocks[index].1)
        }
    }
}
