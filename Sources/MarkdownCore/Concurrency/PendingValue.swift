import Dispatch
import Synchronization

/// A value that arrives later, waited for synchronously by any number of threads: how one stage hands a
/// result it computes in the background (an image load, a highlighted block) to the stage that needs it.
///
/// The first `fulfil` wins; later ones are ignored. The value sits behind a `Mutex`; the semaphore only
/// wakes waiters and is passed on from one waiter to the next.
public final class PendingValue<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let arrived = DispatchSemaphore(value: 0)

    public init() {}

    /// Sets the value unless it is already set, and wakes every waiter.
    public func fulfil(_ newValue: Value) {
        let first = value.withLock { current -> Bool in
            guard current == nil else { return false }
            current = newValue
            return true
        }
        if first { arrived.signal() }
    }

    /// The value if it has arrived, without waiting.
    public var current: Value? { value.withLock { $0 } }

    /// The value, or nil when it has not arrived within `seconds`.
    public func wait(seconds: Double) -> Value? {
        if let ready = current { return ready }
        let deadline: DispatchTime = seconds.isFinite ? .now() + max(0, seconds) : .distantFuture
        if arrived.wait(timeout: deadline) == .success {
            arrived.signal()  // pass the wake-up on to the next waiter
        }
        return current
    }
}
