import Foundation
import MarkdownCore

/// Highlight results by (language, content), so identical blocks are highlighted once. Bounded: when
/// full it starts over, which keeps memory flat on a long stream of distinct blocks.
final class HighlightCache: @unchecked Sendable {
    private struct Key: Hashable {
        var language: String
        var code: String
    }

    private let lock = NSLock()
    private var entries: [Key: [SyntaxToken]?] = [:]
    private let capacity: Int

    init(capacity: Int = 512) {
        self.capacity = capacity
    }

    /// `.some(nil)` is a remembered failure (the block renders plain again without retrying).
    func value(language: String, code: String) -> [SyntaxToken]?? {
        lock.lock()
        defer { lock.unlock() }
        return entries[Key(language: language, code: code)]
    }

    func store(_ tokens: [SyntaxToken]?, language: String, code: String) {
        lock.lock()
        defer { lock.unlock() }
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[Key(language: language, code: code)] = .some(tokens)
    }
}
