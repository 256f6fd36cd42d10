import Synchronization
import MarkdownCore

/// Highlight results by (language, content), so identical blocks are highlighted once. Bounded: when
/// full it starts over, which keeps memory flat on a long stream of distinct blocks.
final class HighlightCache: @unchecked Sendable {
    private struct Key: Hashable {
        var language: String
        var code: String
    }

    private let entries = Mutex<[Key: [SyntaxToken]?]>([:])
    private let capacity: Int

    init(capacity: Int = 512) {
        self.capacity = capacity
    }

    /// `.some(nil)` is a remembered failure (the block renders plain again without retrying).
    func value(language: String, code: String) -> [SyntaxToken]?? {
        entries.withLock { $0[Key(language: language, code: code)] }
    }

    func store(_ tokens: [SyntaxToken]?, language: String, code: String) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[Key(language: language, code: code)] = .some(tokens)
        }
    }
}
