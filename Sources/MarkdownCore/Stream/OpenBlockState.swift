import Synchronization

/// Everything a stream keeps of its unfinished tail from one redraw to the next, in one place: the open
/// fence's code as the last redraw read it from the source (`OpenFenceTail`), when the growing code was
/// last highlighted and what the highlighter keeps of it (`HighlightPacer`), and the rows of the growing
/// code block and table laid out at the last redraw (`GrowingRows`).
///
/// One `MarkdownStream` owns one (a copy of the stream takes a copy of it before it changes), and
/// resolves and lays out its unfinished tail through it (`ProvisionalRenderer`): the renderer, the
/// resolver and layout keep nothing of a stream, so two streams built from one renderer share nothing.
/// The growing code block is told by identity rather than guessed from lengths: the code read for the
/// open fence carries a lineage, a number handed out here at each new reading and kept while the code
/// only grows, so the pacer and the rows know it extends what they kept without comparing it.
final class OpenBlockState: Sendable {
    struct Contents: Sendable {
        var fence: OpenFenceTail.ReadCode?
        /// The lineage the last new reading of a fence took.
        var lineages = 0
        var pacer = HighlightPacer()
        var rows = GrowingRows()
    }

    private let contents: Mutex<Contents>

    init(_ contents: Contents = Contents()) {
        self.contents = Mutex(contents)
    }

    /// A state of its own for a copy of the stream, holding the same as this one but what the highlighter
    /// keeps (which it may change in place).
    func copy() -> OpenBlockState {
        var contents = self.contents.withLock { $0 }
        contents.pacer = contents.pacer.copied
        return OpenBlockState(contents)
    }

    /// `body` given the contents, changed in place (not called again from inside `body`).
    func update<Result: Sendable>(_ body: (inout Contents) -> Result) -> Result {
        contents.withLock { body(&$0) }
    }
}
