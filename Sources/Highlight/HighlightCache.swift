import MarkdownCore
import Synchronization

/// Highlight results by (language, content), so identical blocks are highlighted once, even when
/// several threads ask at the same moment: the renderer starts every block in the background while
/// layout may reach the same block, and the later caller waits for the first instead of redoing it.
/// Bounded: when full it starts over, which keeps memory flat on a long stream of distinct blocks.
final class HighlightCache: Sendable {
    private struct Key: Hashable {
        var language: String
        var code: String
    }

    /// A result being computed by one thread, which others wait for.
    private typealias Pending = PendingValue<[SyntaxToken]?>

    private enum Entry {
        case ready([SyntaxToken]?)
        case pending(Pending)
    }

    private let entries = Mutex<[Key: Entry]>([:])
    private let capacity: Int

    init(capacity: Int = 512) {
        self.capacity = capacity
    }

    /// The cached result, or `compute()`'s (stored for next time). nil is a remembered failure: the block
    /// renders plain again without retrying.
    func tokens(language: String, code: String, compute: () -> [SyntaxToken]?) -> [SyntaxToken]? {
        let key = Key(language: language, code: code)
        enum Next {
            case use([SyntaxToken]?)
            case wait(Pending)
            case compute(Pending)
        }
        let next: Next = entries.withLock { entries in
            switch entries[key] {
            case .ready(let tokens): return .use(tokens)
            case .pending(let pending): return .wait(pending)
            case nil:
                if entries.count >= capacity {
                    entries = entries.filter { if case .pending = $0.value { true } else { false } }
                }
                let pending = Pending()
                entries[key] = .pending(pending)
                return .compute(pending)
            }
        }
        switch next {
        case .use(let tokens):
            return tokens
        case .wait(let pending):
            return pending.wait(seconds: .infinity) ?? nil
        case .compute(let pending):
            let tokens = compute()
            entries.withLock { $0[key] = .ready(tokens) }
            pending.fulfil(tokens)
            return tokens
        }
    }
}
