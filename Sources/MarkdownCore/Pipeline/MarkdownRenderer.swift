import FoundationEssentials

/// The whole pipeline for one document, its stages called in order: parse (`DocumentConverter`) →
/// resolve (`ResourceResolver`: images load and code highlights in the background) → layout
/// (`DocumentLayout`, pure) → write (`TerminalWriter`). "Render" means this and only this: Markdown in,
/// bytes for the terminal out.
///
/// The command builds one renderer from its options and calls `render` per input. Large documents are
/// laid out and written in pieces on all cores; each piece is laid out once its own resources are ready.
public struct MarkdownRenderer: Sendable {
    public var capabilities: TerminalCapabilities
    public var theme: Theme
    /// The resolve stage's sources: the highlighter and the image loader.
    public var resolver: ResourceResolver

    public init(
        capabilities: TerminalCapabilities, theme: Theme = .dark, highlighter: (any SyntaxHighlighter)? = nil,
        images: (any ImageResolving)? = nil
    ) {
        self.capabilities = capabilities
        self.theme = theme
        self.resolver = ResourceResolver(highlighter: highlighter, images: images)
    }

    /// The styled lines for `markdown` (useful for tests and for callers with their own writer).
    public func lines(for markdown: String, baseDirectory: URL? = nil) -> [StyledLine] {
        let document = DocumentConverter().document(from: markdown)
        return lines(for: document, baseDirectory: baseDirectory)
    }

    public func lines(for document: Document, baseDirectory: URL?) -> [StyledLine] {
        let resolution = activeResolver.start(document, baseDirectory: baseDirectory)
        defer { resolution.finish() }
        let resources = resolution.resources(for: document.allTopLevelBlocks)
        let options = layoutOptions(baseDirectory: baseDirectory, showsImages: resolution.showsImages)
        return DocumentLayout(options: options, resources: resources)
            .lines(for: document)
    }

    /// Colours and pictures need colour output: plain text gets neither (and pays for neither), except
    /// pictures asked for explicitly (`plainOutputPictureDepth`).
    private var activeResolver: ResourceResolver {
        if capabilities.usesColor { return resolver }
        return capabilities.drawsPictures ? ResourceResolver(images: resolver.images) : ResourceResolver()
    }

    private func layoutOptions(baseDirectory: URL?, showsImages: Bool) -> LayoutOptions {
        LayoutOptions(
            width: capabilities.width, theme: theme, hyperlinks: capabilities.hyperlinks && capabilities.usesColor,
            showsImages: showsImages,
            baseDirectory: baseDirectory, inlineMarkers: !capabilities.usesColor)
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
        let resolver = activeResolver
        // Grammars named by the raw text's fences start loading now, while cmark parses on this thread.
        let grammars = resolver.prepare(markdown: markdown)
        defer { grammars?.finish() }
        let document = DocumentConverter().document(from: markdown)
        let resolution = resolver.start(document, baseDirectory: baseDirectory)
        defer { resolution.finish() }
        let options = layoutOptions(baseDirectory: baseDirectory, showsImages: resolution.showsImages)
        let pieces = Self.layoutPieces(document, resolution, options)
        let writer = TerminalWriter(
            colorDepth: capabilities.colorDepth, hyperlinks: capabilities.hyperlinks,
            plainOutputPictureDepth: capabilities.plainOutputPictureDepth)
        var out: [UInt8] = []
        out.reserveCapacity(markdown.utf8.count * 2)
        let chunks = Self.writeChunks(pieces)
        if chunks.count == 1 {
            writer.write(chunks[0], into: &out)
        } else {
            let buffers = ConcurrentResults<[UInt8]>.collect(count: chunks.count) { index in
                var bytes: [UInt8] = []
                writer.write(chunks[index], into: &bytes)
                return bytes
            }
            for bytes in buffers { out += bytes }
        }
        return Rendering(document: document, pieces: pieces, bytes: out)
    }

    /// The title line `mdview` writes above each of several files: `── name ──────` in the level-1
    /// heading's colour, wrapped when the name is long, followed by a blank line.
    public func titleBytes(for name: String) -> [UInt8] {
        let lines = DocumentLayout(options: layoutOptions(baseDirectory: nil, showsImages: false)).titleLines(for: name)
        var out: [UInt8] = []
        TerminalWriter(colorDepth: capabilities.colorDepth, hyperlinks: false).write(lines + [.blank], into: &out)
        return out
    }

    /// Output of at least this many lines is written on all cores.
    static let parallelWriteThreshold = 256

    /// The pieces cut into slices of about equal length, one or two per core, for writing concurrently;
    /// short output stays one slice.
    static func writeChunks(_ pieces: [[StyledLine]]) -> [ArraySlice<StyledLine>] {
        let total = pieces.reduce(0) { $0 + $1.count }
        let cores = BackgroundWork.cores
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

    /// The document's lines in pieces that concatenate to exactly what laying out the whole document
    /// at once gives.
    ///
    /// A large document's top-level blocks are split into one run of blocks per core; each run's
    /// resources are collected and the run laid out, concurrently; the runs are then joined with the
    /// blank line the sequential layout puts between blocks. Layout has no state that crosses top-level
    /// blocks (footnotes are numbered by the parser).
    private static func layoutPieces(
        _ document: Document, _ resolution: Resolution, _ options: LayoutOptions
    ) -> [[StyledLine]] {
        let blocks = document.blocks
        let cores = BackgroundWork.cores
        guard blocks.count >= parallelLayoutThreshold, cores > 1 else {
            let resources = resolution.resources(for: document.allTopLevelBlocks)
            return [DocumentLayout(options: options, resources: resources).lines(for: document)]
        }
        let chunkCount = min(cores * 2, blocks.count)
        let chunkSize = (blocks.count + chunkCount - 1) / chunkCount
        let parts = ConcurrentResults<[StyledLine]>.collect(count: chunkCount) { index in
            let lower = index * chunkSize
            let upper = min(lower + chunkSize, blocks.count)
            guard lower < upper else { return [] }
            var part = Document(blocks: Array(blocks[lower..<upper]))
            if index == 0 { part.frontMatter = document.frontMatter }
            if index == chunkCount - 1 || upper == blocks.count { part.footnotes = document.footnotes }
            let resources = resolution.resources(for: part.allTopLevelBlocks)
            return DocumentLayout(options: options, resources: resources).lines(for: part)
        }
        var pieces: [[StyledLine]] = []
        for piece in parts where !piece.isEmpty {
            // The separating blank line is a piece of its own: appending it to the previous piece would
            // copy that whole piece, which `parts` still shares.
            if !pieces.isEmpty { pieces.append([.blank]) }
            pieces.append(piece)
        }
        return pieces.isEmpty ? [[]] : pieces
    }
}
