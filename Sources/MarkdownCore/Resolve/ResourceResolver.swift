import FoundationEssentials
import Synchronization

/// The resolve stage: between parsing and layout, it starts everything a document needs beyond its
/// text — every image load and every code block's highlighting — concurrently, and hands layout the
/// finished values (or nothing, for a fallback).
///
/// `prepare` starts loading the grammars a raw text's fences name while cmark parses it; `start` begins
/// the document's work in the background and returns a `Resolution`, whose `resources(for:)` collects
/// the results for a run of blocks, waiting where something is still under way. It works per run of
/// blocks, not only per document, so that a large document's pieces are laid out as their resources
/// arrive, and so that streaming can resolve the unfinished tail of a document alone.
public struct ResourceResolver: Sendable {
    /// Colours code blocks; nil leaves every block plain.
    public var highlighter: (any SyntaxHighlighter)?
    /// Loads images; nil shows every image as its alt text.
    public var images: (any ImageResolving)?
    /// Whether the documents resolved are a stream's unfinished tail, redrawn as it grows: code is then
    /// highlighted with `SyntaxHighlighter.provisionalTokens` (incrementally), on the caller's thread,
    /// and laid out reusing the rows of the last redraw (`growingCode`); a growing table alike
    /// (`growingTable`).
    public var isProvisional = false
    /// The rows of the code block laid out at the last provisional redraw, shared by the copies of this
    /// resolver (a stream's renderer is copied for each redraw).
    let growingCode = GrowingCodeRows()
    /// The rows of the table laid out at the last provisional redraw, shared alike.
    let growingTable = GrowingTableLayout()
    /// Whether a growing code block is highlighted at most as often as `HighlightPacer` allows (its
    /// newest lines plain for a moment, the stream asking for the redraw that colours them), rather
    /// than at every redraw. On by default; off, every provisional redraw is highlighted in full.
    public var pacesProvisionalHighlighting = true
    /// Paces the highlighting of the growing code block, shared by the copies of this resolver.
    let highlightPacer: HighlightPacer

    public init(highlighter: (any SyntaxHighlighter)? = nil, images: (any ImageResolving)? = nil) {
        self.init(highlighter: highlighter, images: images, highlightPacer: HighlightPacer())
    }

    /// A resolver whose provisional highlighting is paced by `highlightPacer` (a test's, on its own clock).
    init(highlighter: (any SyntaxHighlighter)?, images: (any ImageResolving)?, highlightPacer: HighlightPacer) {
        self.highlighter = highlighter
        self.images = images
        self.highlightPacer = highlightPacer
    }

    /// Starts loading the grammars named by `markdown`'s code fences, before it is parsed. The caller
    /// finishes the returned work once the document is resolved; nil when there is nothing to do.
    public func prepare(markdown: String) -> BackgroundWork? {
        guard let highlighter else { return nil }
        let languages = FenceLanguageScanner.languages(in: markdown)
        guard !languages.isEmpty else { return nil }
        let work = BackgroundWork()
        for language in languages {
            work.start { highlighter.prepare(language: language) }
        }
        return work
    }

    /// Starts resolving `document`: every image starts loading, and every code block with a language
    /// starts highlighting in document order on up to one thread per core.
    public func start(_ document: Document, baseDirectory: URL?) -> Resolution {
        var showsImages = false
        if let images {
            let references = document.images
            if !references.isEmpty, images.canShowImages {
                showsImages = true
                images.prefetch(references, baseDirectory: baseDirectory)
            }
        }
        var work: BackgroundWork?
        if let highlighter, !isProvisional {
            // Identical blocks need no care here: the highlighter remembers results by content.
            let blocks = document.codeBlocks.filter { $0.language != nil && !$0.code.isEmpty }
            if !blocks.isEmpty {
                let started = BackgroundWork()
                for block in blocks {
                    started.start { _ = highlighter.tokens(for: block.code, language: block.language ?? "") }
                }
                work = started
            }
        }
        var resolver = self
        if !showsImages { resolver.images = nil }
        return Resolution(resolver: resolver, baseDirectory: baseDirectory, work: work)
    }
}

/// A document being resolved: collects finished resources for runs of its blocks.
public final class Resolution: Sendable {
    private let resolver: ResourceResolver
    private let baseDirectory: URL?
    private let work: BackgroundWork?
    private let waited = Mutex<(highlighting: Duration, images: Duration)>((.zero, .zero))

    /// The time `resources(for:)` spent on highlighting and on images so far, summed over its callers.
    public var waits: (highlighting: Duration, images: Duration) { waited.withLock { $0 } }

    /// Whether the document's images are shown as pictures (or their alt text), as opposed to there
    /// being no image stage, or none that this output can use.
    public var showsImages: Bool { resolver.images != nil }

    init(resolver: ResourceResolver, baseDirectory: URL?, work: BackgroundWork?) {
        self.resolver = resolver
        self.baseDirectory = baseDirectory
        self.work = work
    }

    /// The highlighting and images of `blocks` (and everything nested in them). Waits for work under
    /// way; a block whose highlighting has not started yet is highlighted here, on the caller's thread,
    /// rather than waiting behind other work.
    public func resources(for blocks: [Block]) -> ResolvedResources {
        var resources = ResolvedResources()
        let clock = ContinuousClock()
        let started = clock.now
        if resolver.isProvisional {
            resources.growingCode = resolver.growingCode
            resources.growingTable = resolver.growingTable
        }
        if let highlighter = resolver.highlighter, resolver.isProvisional {
            for block in Block.codeBlocks(in: blocks) {
                guard let language = block.language, !block.code.isEmpty,
                    !resources.provisionalTokens.contains(where: { $0.language == language && $0.code == block.code }),
                    let tokens = provisionalTokens(for: block, language: language, highlighter: highlighter)
                else { continue }
                resources.provisionalTokens.append((language, block.code, tokens))
            }
        } else if let highlighter = resolver.highlighter {
            for block in Block.codeBlocks(in: blocks) {
                guard let language = block.language, !block.code.isEmpty else { continue }
                let key = ResolvedResources.CodeKey(language: language, code: block.code)
                guard resources.tokens[key] == nil,
                    let tokens = highlighter.tokens(for: block.code, language: language)
                else { continue }
                resources.tokens[key] = tokens
            }
        }
        let highlighted = clock.now
        if let images = resolver.images {
            for reference in Block.images(in: blocks) where resources.images[reference] == nil {
                if let image = images.resolve(reference, baseDirectory: baseDirectory) {
                    resources.images[reference] = image
                }
            }
        }
        let finished = clock.now
        waited.withLock {
            $0.highlighting += highlighted - started
            $0.images += finished - highlighted
        }
        return resources
    }

    /// A provisional block's tokens: paced when it grows from one redraw to the next (it has a lineage).
    private func provisionalTokens(
        for block: CodeBlock, language: String, highlighter: any SyntaxHighlighter
    ) -> ProvisionalTokens? {
        let highlight = { highlighter.provisionalTokens(for: block.code, language: language, lineage: block.lineage) }
        guard resolver.pacesProvisionalHighlighting, block.lineage != nil else { return highlight() }
        return resolver.highlightPacer.tokens(for: block, language: language, highlight: highlight)
    }

    /// Drops background work that has not started and waits for the work under way.
    public func finish() {
        work?.finish()
    }
}
