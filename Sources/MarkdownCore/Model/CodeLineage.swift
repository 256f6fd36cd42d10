import Synchronization

/// The identity of a code block's text while it streams: every code carrying the same lineage is the
/// same text or a longer one that starts with it, because whoever hands it out (`OpenFenceTail`) only
/// ever appends to it. A stage that keeps work for the last redraw (`KeptCode`) can then tell that the
/// next redraw's code extends what it kept by comparing lengths, where comparing the text would read the
/// whole block at every line of it.
public struct CodeLineage: Hashable, Sendable {
    private let id: UInt64

    private static let counter = Atomic<UInt64>(0)

    /// A lineage no code has carried before (in this process).
    public init() {
        id = Self.counter.add(1, ordering: .relaxed).newValue
    }
}

/// How a code relates to the code a stage kept from an earlier redraw.
public enum CodeRelation: Sendable {
    /// The same text.
    case same
    /// A longer text that starts with the kept one.
    case longer
    /// Anything else: the kept work does not apply.
    case unrelated
}
