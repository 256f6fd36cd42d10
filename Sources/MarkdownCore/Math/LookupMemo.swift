import Synchronization

/// What this process has looked up in a generated table, found or not, so a formula's repeated commands
/// and letters cost one hash lookup. Bounded, so a document of endless distinct names cannot grow it
/// without end (past the bound, lookups are simply not remembered).
final class LookupMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let entries = Mutex<[Key: Value]>([:])
    private let limit: Int

    init(limit: Int = 4_096) {
        self.limit = limit
    }

    /// The remembered value for `key`, else `lookUp()`'s, remembered while there is room.
    func value(for key: Key, _ lookUp: () -> Value) -> Value {
        if let known = entries.withLock({ $0[key] }) { return known }
        let value = lookUp()
        entries.withLock { entries in
            if entries.count < limit { entries[key] = value }
        }
        return value
    }
}
