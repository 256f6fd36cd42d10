/// Everything a stream keeps of its unfinished tail from one redraw to the next: when its growing code
/// was last highlighted and what the highlighter keeps of it (`HighlightPacer`), and the rows of its
/// growing code block and table laid out at the last redraw (`GrowingCodeRows`, `GrowingTableLayout`).
///
/// One `MarkdownStream` owns one, and hands it down (through `ResourceResolver.openBlock`) to the
/// resolve and layout of its provisional tail only; the renderer, the resolver and the highlighter keep
/// no state of a stream, so two streams built from one renderer share nothing.
public final class OpenBlockState: Sendable {
    let pacer = HighlightPacer()
    let codeRows = GrowingCodeRows()
    let table = GrowingTableLayout()

    public init() {}
}
