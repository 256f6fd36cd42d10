import Dispatch
import Synchronization

/// Work a render starts on libdispatch's global queue ahead of need (loading grammars, highlighting
/// blocks), which the render may end up doing itself first.
///
/// `finish` drops the work that has not started and waits only for the work under way. Waiting for
/// queued work could stall: the global queue has a thread per core, and when the caller is itself one
/// of them (Swift concurrency runs on the same threads) the queued work might get no thread until
/// libdispatch adds one, a second later. Dropped work was only a head start: whoever needs its result
/// computes it.
final class BackgroundWork: Sendable {
    private let state = Mutex(false)  // finished
    private let running = DispatchGroup()

    /// Runs `work` on the global queue unless `finish` comes first.
    func start(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async { [self] in
            let go = state.withLock { finished -> Bool in
                guard !finished else { return false }
                running.enter()
                return true
            }
            guard go else { return }
            work()
            running.leave()
        }
    }

    /// Drops the work not yet started and waits for the work under way.
    func finish() {
        state.withLock { $0 = true }
        running.wait()
    }
}
