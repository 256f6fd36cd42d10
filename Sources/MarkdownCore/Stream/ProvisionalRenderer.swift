import FoundationEssentials

/// What lays a stream's blocks out: the renderer for final blocks, `ProvisionalRenderer` for the
/// unfinished tail.
protocol TailRendering {
    func lines(for document: Document, baseDirectory: URL?) -> [StyledLine]
}

extension MarkdownRenderer: TailRendering {}

/// The stages for a stream's unfinished tail: the renderer's, with no images (they are drawn once their
/// block is final), its growing code highlighted as the stream's `HighlightPacer` allows (incrementally,
/// on the caller's thread), and its growing code block and table laid out reusing the last redraw's rows.
/// The one place where the stream's open-block state meets the stages, which themselves keep nothing.
struct ProvisionalRenderer: TailRendering, Sendable {
    var renderer: MarkdownRenderer
    let open: OpenBlockState
    /// Whether highlighting is paced (`MarkdownStream.pacesHighlighting`).
    let paces: Bool
    /// The clock pacing reads.
    let now: @Sendable () -> ContinuousClock.Instant

    func lines(for document: Document, baseDirectory: URL?) -> [StyledLine] {
        let options = renderer.layoutOptions(baseDirectory: baseDirectory, showsImages: false)
        let highlighter = renderer.activeResolver.highlighter
        return open.update { state in
            var resources = ResolvedResources()
            let openCode = state.fence.map { (code: $0.text, lineage: $0.lineage) }
            if let highlighter {
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
            state.rows.openCode = openCode
            return DocumentLayout.provisionalLines(
                for: document, options: options, resources: resources, reusing: &state.rows)
        }
    }

    /// `markdown` parsed and laid out as the tail.
    func lines(for markdown: String) -> [StyledLine] {
        lines(for: DocumentConverter(options: renderer.parseOptions).document(from: markdown), baseDirectory: nil)
    }
}
