import FoundationEssentials

/// The whole pipeline for one document, its stages called in order: parse (`DocumentConverter`) →
/// resolve (`ResourceResolver`: images load and code highlights in the background) → layout
/// (`DocumentLayout`, pure) → write (`TerminalWriter`). "Render" means this and only this: Markdown in,
/// bytes for the terminal out.
///
/// The command builds one renderer from its options and calls `render` per input, which writes each
/// part of the document as soon as it is ready (see `render(_:baseDirectory:into:)`). Large documents
/// are laid out and written in pieces on all cores; each piece is laid out once its own resources are
/// ready.
public struct MarkdownRenderer: Sendable {
    public var capabilities: TerminalCapabilities
    public var theme: Theme
    /// The resolve stage's sources: the highlighter and the image loader.
    public var resolver: ResourceResolver
    /// How the parse stage reads HTML and GitHub's extensions.
    public var parseOptions = ParseOptions()
    /// Where the parse stage reports text it shows plain (the end of a line too long to parse).
    public var parseDiagnostics: (any DiagnosticSink)?
    /// How layout shows formulas (`--math`) and where it reports those it shows as source.
    public var math = MathOptions()
    /// How layout shows Mermaid diagrams (`--diagrams`) and where it reports those it shows as source.
    public var diagrams = DiagramOptions()
    /// Bodies larger than `minimum` bytes, or weighing more than `MarkdownSections.heavyFactor` times it,
    /// are rendered in sections of about `section` bytes (see `DocumentParts`); smaller sizes are for
    /// tests and the fuzz target, which render small inputs in sections to check that the cuts change
    /// nothing.
    public var sectioning = (
        minimum: MarkdownSections.sectionedParseThreshold, section: MarkdownSections.sectionSize
    )

    /// Top-level lists with more items than this, and tables with more rows, are laid out and written
    /// this many items or rows at a time (`LayoutSlice`), so a list or table of many thousand never has
    /// all its lines alive; smaller numbers are for tests and the fuzz target, which check that the runs
    /// give the whole block's bytes.
    public var listItemsPerSlice = LayoutSlice.standardItemsPerSlice

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
        let document = DocumentConverter(options: parseOptions).document(from: markdown)
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
    var activeResolver: ResourceResolver {
        if capabilities.usesColor { return resolver }
        return capabilities.drawsPictures ? ResourceResolver(images: resolver.images) : ResourceResolver()
    }

    func layoutOptions(baseDirectory: URL?, showsImages: Bool) -> LayoutOptions {
        LayoutOptions(
            width: capabilities.width, theme: theme, hyperlinks: capabilities.hyperlinks && capabilities.usesColor,
            showsImages: showsImages,
            baseDirectory: baseDirectory, inlineMarkers: !capabilities.usesColor, math: math,
            diagrams: diagrams)
    }

    /// The bytes to write for `markdown`.
    public func render(_ markdown: String, baseDirectory: URL? = nil) -> [UInt8] {
        var out: [UInt8] = []
        render(markdown, baseDirectory: baseDirectory) { out += $0 }
        return out
    }

    /// Documents with at least this many top-level blocks are laid out on all cores.
    static let parallelLayoutThreshold = 256

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
        // Short output asks nothing of the cgroup files the core count is read from.
        guard total >= parallelWriteThreshold, BackgroundWork.cores > 1 else { return pieces.map { $0[...] } }
        let cores = BackgroundWork.cores
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
}
