import CCmarkGFM
import Synchronization

/// Turns Markdown text into a `Document` with libcmark-gfm: with `CmarkTreeBuilder`, the only code that
/// calls cmark.
///
/// It walks cmark's tree with an iterator and a frame stack (never recursion), sanitises every string
/// it copies out, frees everything it allocates, and bounds the nesting depth of the model it builds:
/// containers deeper than `maximumBlockDepth` (or inlines deeper than `maximumInlineDepth`) give their
/// children to the deepest container within the bound, so no later walk over the document can overflow
/// the stack. Each element is stored once, however deep the nesting: the walk is linear.
public struct DocumentConverter: Sendable {
    /// Block quotes and lists nested deeper than this are flattened into their parent.
    public static let maximumBlockDepth = 48
    /// Emphasis, links and other inline containers nested deeper than this are flattened.
    public static let maximumInlineDepth = 24

    private static let extensionNames = ["table", "strikethrough", "autolink", "tasklist", "tagfilter"]

    /// cmark-gfm is not thread-safe: attaching and freeing syntax extensions edits a process-wide table
    /// of the inline parser's special characters, so a parse on another thread can lose autolinks or
    /// strikethrough mid-way. Every use of cmark goes through this lock (a process parses its documents
    /// one after another anyway; tests and library users may not).
    static let cmarkLock = Mutex(())

    /// How HTML and GitHub's extensions are read.
    public let options: ParseOptions

    public init(options: ParseOptions = ParseOptions()) {
        self.options = options
    }

    /// Parses `markdown` (already valid UTF-8) into a document.
    public func document(from markdown: String) -> Document {
        var parts = self.parts(of: markdown)
        return Self.joined(&parts)
    }

    /// `markdown` parsed a part at a time, in document order (see `DocumentParts`): large bodies section
    /// by section, others whole. `minimumSize` and `sectionSize` are parameters for tests; the ends of
    /// lines shown as plain text are reported to `diagnostics`.
    func parts(
        of markdown: String, minimumSize: Int = MarkdownSections.sectionedParseThreshold,
        sectionSize: Int = MarkdownSections.sectionSize, diagnostics: (any DiagnosticSink)? = nil
    ) -> DocumentParts {
        DocumentParts(
            markdown, converter: self, minimumSize: minimumSize, sectionSize: sectionSize, diagnostics: diagnostics)
    }

    /// The parts joined into one document.
    private static func joined(_ parts: inout DocumentParts) -> Document {
        var document = Document(blocks: [])
        var first = true
        while let part = parts.next() {
            if first { document.frontMatter = part.frontMatter }
            first = false
            document.blocks += part.blocks
            document.footnotes += part.footnotes
        }
        return document
    }

    /// `markdown` parsed in sections of about `sectionSize` bytes whatever its size, or nil when it
    /// cannot be cut (for tests: the sections must give the document the whole parse gives).
    func documentInSections(
        from markdown: String, sectionSize: Int, diagnostics: (any DiagnosticSink)? = nil
    ) -> Document? {
        let body = FrontMatter.split(markdown).body
        guard MarkdownSections(body, minimumSize: 0, sectionSize: sectionSize) != nil else { return nil }
        var parts = parts(of: markdown, minimumSize: 0, sectionSize: sectionSize, diagnostics: diagnostics)
        return Self.joined(&parts)
    }

    /// `markdown` parsed whole, never in sections (for tests: what sections must give).
    func wholeDocument(from markdown: String) -> Document {
        let (frontMatter, body) = FrontMatter.split(markdown)
        var document = Self.cmarkLock.withLock { _ in convertWhole(body).document }
        document.frontMatter = frontMatter.map(ControlCharacterSanitizer.sanitize)
        ParagraphInlineCap.applied(to: &document.blocks)
        return GitHubDialect(options: options).applied(to: document)
    }

    /// `body` parsed whole; the caller holds `cmarkLock`.
    func parseWhole(_ body: String) -> SourceMappedDocument {
        convertWhole(body)
    }

    /// Parses `body` (no front matter is looked for) and says on which line each top-level block starts:
    /// what streaming needs to tell the blocks later input can no longer change from the unfinished tail.
    /// GitHub's dialect applies to runs of blocks as in the whole document (`HTMLInterpreter.runs(_:)`):
    /// the blocks of a run HTML encloses all get the run's first line, so a cut at a top-level start
    /// line never splits a run; `lastRun` says where the last run starts and whether it is still open.
    func sourceMappedDocument(fromBody body: String) -> SourceMappedDocument {
        var mapped = Self.cmarkLock.withLock { _ in convertWhole(body) }
        ParagraphInlineCap.applied(to: &mapped.document.blocks)
        let dialect = GitHubDialect(options: options)
        let (runs, lastRunIsOpen) = dialect.appliedInRuns(to: mapped.document.blocks)
        var blocks: [Block] = []
        var lines: [Int] = []
        for run in runs {
            let line = mapped.blockStartLines[run.range.lowerBound]
            blocks += run.blocks
            lines += repeatElement(line, count: run.blocks.count)
        }
        if let last = runs.last {
            mapped.lastRun = SourceMappedDocument.LastRun(
                startLine: mapped.blockStartLines[last.range.lowerBound],
                lastBlockLine: mapped.blockStartLines[last.range.upperBound - 1], isOpen: lastRunIsOpen)
        }
        mapped.document.blocks = blocks
        mapped.blockStartLines = lines
        mapped.document.footnotes =
            dialect.applied(to: Document(blocks: [], footnotes: mapped.document.footnotes))
            .footnotes
        return mapped
    }

    /// Parses `body` whole (no front matter is looked for); the caller holds `cmarkLock`.
    func convertWhole(_ body: String) -> SourceMappedDocument {
        cmark_gfm_core_extensions_ensure_registered()
        // No CMARK_OPT_VALIDATE_UTF8: the text is a Swift String, valid UTF-8 already.
        let options = CMARK_OPT_FOOTNOTES | CMARK_OPT_UNSAFE
        guard let parser = cmark_parser_new(options) else {
            return SourceMappedDocument(document: Document(blocks: []))
        }
        defer { cmark_parser_free(parser) }
        // Math first: GFM's table extension claims every line under a paragraph (it hands the paragraph
        // back as if it had opened it), so a later extension would never see a line that interrupts one.
        MathSyntax.attach(to: parser, for: body)
        for name in Self.extensionNames {
            if let ext = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, ext)
            }
        }
        var text = body
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
            }
        }
        guard let root = cmark_parser_finish(parser) else {
            return SourceMappedDocument(document: Document(blocks: []))
        }
        defer { cmark_node_free(root) }
        // With HTML interpreted, the interpreter finds the images; only raw HTML blocks keep their own.
        var builder = CmarkTreeBuilder(scansHTMLImages: self.options.html == .raw)
        builder.walk(root)
        let document = Document(
            blocks: builder.blocks,
            footnotes: builder.footnotes
        )
        let mapped = SourceMappedDocument(
            document: document, blockStartLines: builder.blockStartLines,
            footnoteStartLines: builder.footnoteStartLines,
            topLevelStartLines: builder.topLevelStartLines.sorted())
        return mapped
    }
}

/// A parsed document with the (1-based) source line on which each top-level block starts.
struct SourceMappedDocument {
    var document: Document
    /// The start line of each of `document.blocks`, in order.
    var blockStartLines: [Int] = []
    /// The start line of each of `document.footnotes`' definitions, in order.
    var footnoteStartLines: [Int] = []
    /// The start lines of every top-level node cmark kept (footnote definitions included), ascending.
    var topLevelStartLines: [Int] = []
    /// The last run of blocks GitHub's dialect was applied to as one (`sourceMappedDocument` only).
    var lastRun: LastRun?

    /// A run of top-level blocks read as one piece of HTML: until it closes, later input may change it.
    struct LastRun {
        /// The line its first block starts on.
        var startLine: Int
        /// The line its last block starts on.
        var lastBlockLine: Int
        /// Whether an HTML element opened in it is still open at the end of the input.
        var isOpen: Bool
    }
}
