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

    /// Runs `body` for every index in `0..<count` on up to one thread per core (the caller's thread
    /// among them) and returns the results in index order.
    static func collect(
        count: Int, _ body: @escaping @Sendable (Int) -> Value
    ) -> [Value] {
        let results = ConcurrentResults(count: count)
        BackgroundWork.perform(iterations: count) { index in results[index] = body(index) }
        return results.values
    }
}
