import Dispatch
import FoundationEssentials

/// The whole pipeline for one document: parse, start resources, lay out, write bytes.
///
/// The command builds one renderer from its options and calls `render` per input. Resources start
/// before layout: every image of the document begins loading (through `imageRendererFactory`) and code
/// blocks are highlighted in parallel in the background, so layout mostly finds its answers ready.
public struct MarkdownRenderer: Sendable {
    /// Makes the image stage for one document from all the images it references and its directory.
    public typealias ImageRendererFactory =
        @Sendable (_ images: [ImageReference], _ baseDirectory: URL?) -> (any ImageRendering)?

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
        let warmUp = startHighlighting(document)
        defer { warmUp?.finish() }
        return layout(for: document, baseDirectory: baseDirectory).lines(for: document)
    }

    /// Colours and pictures need colour output: plain text gets neither (and pays for neither).
    private var activeHighlighter: (any SyntaxHighlighter)? { capabilities.usesColor ? highlighter : nil }

    /// The layout for one document, with its resources started.
    private func layout(for document: Document, baseDirectory: URL?) -> DocumentLayout {
        var images: (any ImageRendering)?
        if capabilities.usesColor, let factory = imageRendererFactory {
            let references = document.images
            if !references.isEmpty { images = factory(references, baseDirectory) }
        }
        let options = LayoutOptions(
            width: capabilities.width, theme: theme, hyperlinks: capabilities.hyperlinks && capabilities.usesColor,
            highlighter: activeHighlighter, images: images, baseDirectory: baseDirectory,
            inlineMarkers: !capabilities.usesColor)
        return DocumentLayout(options: options)
    }

    /// The bytes to write for `markdown`.
    public func render(_ markdown: String, baseDirectory: URL? = nil) -> [UInt8] {
        renderKeepingModel(markdown, baseDirectory: baseDirectory).bytes
    }

    /// A rendered document together with the model and lines it was made from.
    public struct Rendering: Sendable {
        public var document: Document
        /// The lines, in consecutive pieces (large documents are laid out piecewise in parallel).
        public var pieces: [[StyledLine]]
        public var bytes: [UInt8]
    }

    /// Documents with at least this many top-level blocks are laid out on all cores.
    static let parallelLayoutThreshold = 256

    /// Renders and hands back the intermediate values too, so that a short-lived caller can keep them
    /// alive until it exits instead of spending time freeing millions of small objects.
    public func renderKeepingModel(_ markdown: String, baseDirectory: URL? = nil) -> Rendering {
        // Grammars named by the raw text's fences start loading now, while cmark parses on this thread.
        let early = startLoading(FenceLanguageScanner.languages(in: markdown))
        defer { early?.finish() }
        let document = DocumentConverter().document(from: markdown)
        let warmUp = startHighlighting(document)
        defer { warmUp?.finish() }
        let layout = layout(for: document, baseDirectory: baseDirectory)
        let writer = TerminalWriter(colorDepth: capabilities.colorDepth, hyperlinks: capabilities.hyperlinks)
        let pieces = Self.layoutPieces(document, layout)
        var out: [UInt8] = []
        out.reserveCapacity(markdown.utf8.count * 2)
        let chunks = Self.writeChunks(pieces)
        if chunks.count == 1 {
            writer.write(chunks[0], into: &out)
        } else {
            let buffers = ConcurrentResults<[UInt8]>(count: chunks.count)
            DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
                var bytes: [UInt8] = []
                writer.write(chunks[index], into: &bytes)
                buffers[index] = bytes
            }
            for bytes in buffers.values { out += bytes }
        }
        return Rendering(document: document, pieces: pieces, bytes: out)
    }

    /// Output of at least this many lines is written on all cores.
    static let parallelWriteThreshold = 256

    /// The pieces cut into slices of about equal length, one or two per core, for writing concurrently;
    /// short output stays one slice.
    static func writeChunks(_ pieces: [[StyledLine]]) -> [ArraySlice<StyledLine>] {
        let total = pieces.reduce(0) { $0 + $1.count }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard total >= parallelWriteThreshold, cores > 1 else { return pieces.map { $0[...] } }
        let target = max(64, (total + cores - 1) / cores)
        var chunks: [ArraySlice<StyledLine>] = []
        for piece in pieces {
            var start = 0
            while start < piece.count {
                let end = min(piece.count, start + target)
                chunks.append(piece[start..<end])
                start = end
            }
        }
        return chunks.isEmpty ? [[]] : chunks
    }

    /// The document's lines in pieces that concatenate to exactly `layout.lines(for: document)`.
    ///
    /// A large document's top-level blocks are split into one run of blocks per core and laid out
    /// concurrently; the runs are then joined with the blank line the sequential layout puts between
    /// blocks. Layout has no state that crosses top-level blocks (footnotes are numbered by the parser).
    private static func layoutPieces(_ document: Document, _ layout: DocumentLayout) -> [[StyledLine]] {
        let blocks = document.blocks
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard blocks.count >= parallelLayoutThreshold, cores > 1 else { return [layout.lines(for: document)] }
        let chunkCount = min(cores * 2, blocks.count)
        let chunkSize = (blocks.count + chunkCount - 1) / chunkCount
        let results = ConcurrentResults<[StyledLine]>(count: chunkCount)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { index in
            let lower = index * chunkSize
            let upper = min(lower + chunkSize, blocks.count)
            guard lower < upper else { return }
            var part = Document(blocks: Array(blocks[lower..<upper]))
            if index == 0 { part.frontMatter = document.frontMatter }
            if index == chunkCount - 1 || upper == blocks.count { part.footnotes = document.footnotes }
            results[index] = layout.lines(for: part)
        }
        var pieces: [[StyledLine]] = []
        for piece in results.values where !piece.isEmpty {
            // The separating blank line is a piece of its own: appending it to the previous piece would
            // copy that whole piece, which `results` still shares.
            if !pieces.isEmpty { pieces.append([.blank]) }
            pieces.append(piece)
        }
        return pieces.isEmpty ? [[]] : pieces
    }

    /// Starts highlighting every code block with a language in the background, in document order and
    /// in parallel on the available cores, so that layout mostly finds its tokens ready (a block layout
    /// reaches first is highlighted once: the highlighter makes the later caller wait for the earlier).
    /// The render finishes the returned work before returning: what has not started by then is dropped.
    private func startHighlighting(_ document: Document) -> BackgroundWork? {
        guard let highlighter = activeHighlighter else { return nil }
        // Identical blocks need no care here: the highlighter remembers results by content.
        let blocks = document.codeBlocks.filter { $0.language != nil && !$0.code.isEmpty }
        guard !blocks.isEmpty else { return nil }
        let work = BackgroundWork()
        for block in blocks {
            work.start { _ = highlighter.tokens(for: block.code, language: block.language ?? "") }
        }
        return work
    }

    /// Prepares each language on a background thread; nil when there is nothing to do.
    private func startLoading(_ languages: [String]) -> BackgroundWork? {
        guard let highlighter = activeHighlighter, !languages.isEmpty else { return nil }
        let work = BackgroundWork()
        for language in languages {
            work.start { highlighter.prepare(language: language) }
        }
        return work
    }
}
