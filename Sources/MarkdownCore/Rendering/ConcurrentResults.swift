import Synchronization

/// Slots that concurrent workers fill by index, read once all of them have finished.
final class ConcurrentResults<Value: Sendable>: Sendable {
    private let slots: Mutex<[Value?]>

    init(count: Int) {
        slots = Mutex(Array(repeating: nil, count: count))
    }

    subscript(index: Int) -> Value? {
        get { slots.withLock { $0[index] } }
        set { slots.withLock { $0[index] = newValue } }
    }

    /// The filled slots, in index order.
    var values: [Value] {
        slots.withLock { $0.compactMap { $0 } }
    }
}
