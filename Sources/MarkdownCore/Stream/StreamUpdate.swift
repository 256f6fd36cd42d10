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

    public init(final: [StyledLine] = [], provisional: [StyledLine] = []) {
        self.final = final
        self.provisional = provisional
    }
}
