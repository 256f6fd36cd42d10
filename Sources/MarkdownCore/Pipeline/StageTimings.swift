/// How long each stage of one render took: what `mdview --timings` prints, so a user can see whether
/// a slow page waits for parsing, for highlighting or images, for layout or for writing.
///
/// Each stage's time is summed over the parts a large document is rendered in. A large part is laid out
/// in pieces on several threads: then its `highlighting` and `images` are summed over the pieces and
/// overlap `layout`, which is the layout stage's wall time.
public struct StageTimings: Equatable, Sendable {
    /// cmark-gfm's parse and the conversion into the document model.
    public var parse: Duration = .zero
    /// Starting the resolve stage: prefetching images and queueing highlighting.
    public var resolveStart: Duration = .zero
    /// Layout's time in code blocks' highlighting, waited for or done on its own thread.
    public var highlighting: Duration = .zero
    /// Layout's time waiting for images (loading, decoding).
    public var images: Duration = .zero
    /// Laying out lines, without the waits above (with them, when laid out in several pieces).
    public var layout: Duration = .zero
    /// Turning lines into bytes for the terminal.
    public var write: Duration = .zero
    /// The most pieces a part of the document was laid out in (more than one: in parallel, times summed).
    public var pieces = 1
    /// The parts the document was parsed, laid out and written in, one after another: a large document's
    /// sections, so that only one section's model and lines are alive at a time.
    public var parts = 1
    /// The whole render's wall time, writing the output included.
    public var total: Duration = .zero

    public init() {}
}

extension Duration {
    /// Milliseconds with one decimal: `12.3 ms`.
    public var millisecondsDescription: String {
        let (seconds, attoseconds) = components
        let tenths = seconds * 10_000 + attoseconds / 100_000_000_000_000
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}
