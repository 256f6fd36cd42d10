import Synchronization

/// Frees the model and lines of parts already written on a thread of its own, so that the render's
/// thread goes on parsing the next section instead of freeing millions of small objects.
final class BackgroundRelease: Sendable {
    private let work = BackgroundWork(maxWorkers: 1)
    private let pending = Mutex<[[any Sendable]]>([])

    /// Takes `values` (the caller keeps no reference to them) and frees them in the background.
    func release(_ values: consuming [any Sendable]) {
        let moved = consume values
        pending.withLock { $0.append(moved) }
        work.start { [self] in
            let taken = pending.withLock { pending -> [[any Sendable]] in
                let taken = pending
                pending = []
                return taken
            }
            _ = consume taken
        }
    }
}
