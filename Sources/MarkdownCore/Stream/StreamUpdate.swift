/// What a `MarkdownStream` has to show after new input: lines that are final (written once, never
/// changed) and the provisional lines of the unfinished tail (to be replaced by the next update).
public struct StreamUpdate: Equatable, Sendable {
    /// Lines of blocks (or settled parts of an open container) that became final since the previous
    /// update, separators included; the provisional lines then start after them. Appending
    /// every update's `final` and then `finish()`'s lines gives the one-shot render's lines.
    public var final: [StyledLine]
    /// The unfinished tail as it would look if the input ended now, without the lines of it already
    /// returned as final (empty when not asked for).
    public var provisional: [StyledLine]
    /// Set when the provisional lines show a growing code block's newest lines plain, their highlighting
    /// paced (`ResourceResolver.pacesProvisionalHighlighting`): an update at or after this instant shows
    /// them coloured, even if no input arrives until then.
    public var refreshBy: ContinuousClock.Instant?

    public init(
        final: [StyledLine] = [], provisional: [StyledLine] = [], refreshBy: ContinuousClock.Instant? = nil
    ) {
        self.final = final
        self.provisional = provisional
        self.refreshBy = refreshBy
    }
}
