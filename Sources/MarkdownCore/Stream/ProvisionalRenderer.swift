import FoundationEssentials

/// What lays a stream's blocks out: the renderer for final blocks, `ProvisionalRenderer` for the
/// unfinished tail.
protocol TailRendering {
    func lines(for document: Document, baseDirectory: URL?) -> [StyledLine]
}

extension MarkdownRenderer: TailRendering {}

/// The stages for a stream's unfinished tail: the renderer's, with no images (they are drawn once their
/// block is final), its growing code highlighted as the stream's `HighlightPacer` allows (incrementally,
/// on the caller's thread), and its growing table laid out reusing the last redraw's rows. The one place
/// where the stream's open-block state meets the stages, which themselves keep nothing.
struct ProvisionalRenderer: TailRendering, Sendable {
    var renderer: MarkdownRenderer
    let open: OpenBlockState
    /// Whether highlighting is paced (`MarkdownStream.pacesHighlighting`).
    let paces: Bool
    /// The clock pacing reads.
    let now: @Sendable () -> ContinuousClock.Instant
    /// The most rows of the tail the caller shows, its newest (`MarkdownStream.shownRows`).
    var shownRows: Int? = nil

    func lines(for document: Document, baseDirectory: URL?) -> [StyledLine] {
        let options = renderer.layoutOptions(baseDirectory: baseDirectory, showsImages: false)
        let highlighter = renderer.activeResolver.highlighter
        return open.update { state in
            var resources = ResolvedResources()
            if let highlighter {
                let openCode = state.fence.map { (code: $0.text, lineage: $0.lineage) }
                for block in Block.codeBlocks(in: document.allTopLevelBlocks) {
                    guard let language = block.language, !block.code.isEmpty,
                        !resources.provisionalTokens.contains(where: {
                            $0.language == language && $0.code == block.code
                        })
                    else { continue }
                    let lineage = openCode.flatMap { $0.code == block.code ? $0.lineage : nil }
                    guard
                        let tokens = state.pacer.tokens(
                            for: block, lineage: lineage, language: language, paced: paces, width: options.width,
                            now: now,
                            highlight: {
                                highlighter.provisionalTokens(for: block.code, language: language, state: &$0)
                            })
                    else { continue }
                    resources.provisionalTokens.append((language, block.code, tokens))
                }
            }
            // A code block alone, with more lines than the rows shown: only its last lines are laid out (a
            // row depends on its line alone), so a long block costs a screenful at each redraw, not its
            // length. Its top rule, which would stand above them, goes too.
            guard document.blocks.count == 1, case .codeBlock(let block) = document.blocks[0], let rows = shownRows,
                let (start, shown) = Self.lastLines(rows, of: block)
            else {
                return DocumentLayout.provisionalLines(
                    for: document, options: options, resources: resources, reusing: &state.table)
            }
            resources.provisionalTokens = resources.provisionalTokens.map { entry in
                let tokens = entry.tokens.tokens.compactMap { $0.shifted(by: -start) }
                return (entry.language, shown.code, ProvisionalTokens(tokens: tokens))
            }
            let lines = DocumentLayout.provisionalLines(
                for: Document(blocks: [.codeBlock(shown)]), options: options, resources: resources,
                reusing: &state.table)
            return Array(lines.dropFirst())
        }
    }

    /// `block` with only its last `count` lines (a line feed that ends the code ends the last), and the
    /// byte they start at; nil when it has no more.
    static func lastLines(_ count: Int, of block: CodeBlock) -> (start: Int, block: CodeBlock)? {
        let utf8 = block.code.utf8
        var start = utf8.last == 0x0A ? utf8.index(before: utf8.endIndex) : utf8.endIndex
        var found = 0
        while start > utf8.startIndex, found < max(1, count) {
            start = utf8.index(before: start)
            if utf8[start] == 0x0A { found += 1 }
        }
        guard found == max(1, count) else { return nil }
        start = utf8.index(after: start)
        var shown = block
        shown.code = String(block.code[start...])
        return (utf8.distance(from: utf8.startIndex, to: start), shown)
    }

    /// `markdown` parsed and laid out as the tail.
    func lines(for markdown: String) -> [StyledLine] {
        lines(for: DocumentConverter(options: renderer.parseOptions).document(from: markdown), baseDirectory: nil)
    }
}
