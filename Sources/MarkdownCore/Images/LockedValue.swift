import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// A value behind a lock: the only kind of shared mutable state the image pipeline keeps.
/// (A pthread mutex, so the core module needs nothing beyond FoundationEssentials.)
public final class LockedValue<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func read<T>(_ body: (Value) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(value)
    }

    @discardableResult
    public func update<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

/// A value that arrives later, waited for synchronously by any number of threads.
final class PendingResult<Value: Sendable>: Sendable {
    private let value = LockedValue<Value?>(nil)
    private let arrived = DispatchSemaphore(value: 0)

    func fulfil(_ newValue: Value) {
        let first = value.update { current -> Bool in
            guard current == nil else { return false }
            current = newValue
            return true
        }
        if first { arrived.signal() }
    }

    /// The value, or nil when it has not arrived within `seconds`.
    func wait(seconds: Double) -> Value? {
        if let ready = value.read({ $0 }) { return ready }
        if arrived.wait(timeout: .now() + seconds) == .success {
            arrived.signal()  // pass the wake-up on to the next waiter
        }
        return value.read { $0 }
    }
}
