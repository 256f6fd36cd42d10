import Synchronization

/// Values appended from several threads at once, read back in the order they arrived.
///
/// The one shared collector of the test targets (diagnostics, results of concurrent calls, problems
/// found on worker threads); a `Mutex` guards it, so it is `Sendable` without `@unchecked`.
public final class LockedList<Element: Sendable>: Sendable {
    private let storage = Mutex<[Element]>([])

    public init() {}

    public func append(_ value: Element) {
        storage.withLock { $0.append(value) }
    }

    public func append(contentsOf values: some Sequence<Element>) {
        let values = Array(values)
        storage.withLock { $0.append(contentsOf: values) }
    }

    /// A snapshot of everything appended so far.
    public var values: [Element] { storage.withLock { $0 } }
}
