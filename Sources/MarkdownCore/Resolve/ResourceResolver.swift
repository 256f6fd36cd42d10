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
/// arrive. It keeps nothing between calls: a stream resolves its unfinished tail's growing code with its
/// own state (`ProvisionalRenderer`).
public struct ResourceResolver: Sendable {
    /// Colours code blocks; nil leaves every block plain.
    public var highlighter: (any SyntaxHighlighter)?
    /// Loads images; nil shows every image as its alt text.
    public var images: (any ImageResolving)?

    public init(highlighter: (any SyntaxHighlighter)? = nil, images: (any ImageResolving)? = nil) {
        self.highlighter = highlighter
        self.images = images
    }

    /// Markdown smaller than this does not start loading its grammars before it is parsed: cmark parses
    /// it in less time than a thread takes to start, and its blocks load them as layout needs them.
    static let preparedMarkdownBytes = 32 * 1024
    /// A document with less code to highlight than this is highlighted on the caller's thread as layout
    /// needs each block: for a README's few blocks, starting threads costs more than it overlaps, and on
    /// a busy machine a thread handed the work can wait for a core while the caller waits for it.
    static let backgroundCodeBytes = 8 * 1024

    /// Starts loading the grammars named by `markdown`'s code fences, before it is parsed. The caller
    /// finishes the returned work once the document is resolved; nil when there is nothing to do (also
    /// for a small document, see `preparedMarkdownBytes`).
    public func prepare(markdown: String) -> BackgroundWork? {
        guard let highlighter, markdown.utf8.count >= Self.preparedMarkdownBytes else { return nil }
        let languages = FenceLanguageScanner.languages(in: markdown)
        guard !languages.isEmpty else { return nil }
        let work = BackgroundWork()
        for language in languages {
            work.start { highlighter.prepare(language: language) }
        }
        return work
    }

    /// Starts resolving `document`: every image starts loading, and every code block with a language
    /// starts highlighting in document order on up to one thread per core (unless the document has
    /// little code, see `backgroundCodeBytes`).
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
        if let highlighter {
            // Identical blocks need no care here: the highlighter remembers results by content.
            let blocks = document.codeBlocks.filter { $0.language != nil && !$0.code.isEmpty }
            if blocks.reduce(0, { $0 + $1.code.utf8.count }) >= Self.backgroundCodeBytes {
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
        if let highlighter = resolver.highlighter {
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

    /// Drops background work that has not started and waits for the work under way.
    public func finish() {
        work?.finish()
    }
}
