import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Work a render starts ahead of need (loading grammars, highlighting blocks), which the render may
/// end up doing itself first.
///
/// The work runs in order on a few threads of its own (one per core at most), not on libdispatch's
/// global queue: that queue has a thread per core, shared with Swift concurrency, and work queued there
/// while its threads are busy waits until libdispatch adds a thread, a second later. `finish` drops the
/// work that has not started and waits only for the work under way; dropped work was only a head start,
/// as whoever needs its result computes it.
final class BackgroundWork: Sendable {
    private struct State {
        var items: [@Sendable () -> Void] = []
        var next = 0
        var workers = 0
        var finished = false
    }

    private let state = Mutex(State())
    /// Entered per worker thread, left when it exits.
    private let running = DispatchGroup()
    private let maxWorkers: Int

    init(maxWorkers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.maxWorkers = max(1, maxWorkers)
    }

    /// Queues `work`, starting a worker thread if fewer than `maxWorkers` are running.
    func start(_ work: @escaping @Sendable () -> Void) {
        let spawn = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            state.items.append(work)
            guard state.workers < maxWorkers else { return false }
            state.workers += 1
            return true
        }
        guard spawn else { return }
        running.enter()
        Self.spawnThread { [self] in
            runItems()
            running.leave()
        }
    }

    /// Drops the work not yet started and waits for the work under way.
    func finish() {
        state.withLock { $0.finished = true }
        running.wait()
    }

    private func runItems() {
        while true {
            let item = state.withLock { state -> (@Sendable () -> Void)? in
                guard !state.finished, state.next < state.items.count else {
                    state.workers -= 1
                    return nil
                }
                state.next += 1
                return state.items[state.next - 1]
            }
            guard let item else { return }
            item()
        }
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `body` on a new detached thread, or on this one if no thread can be created.
    private static func spawnThread(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        if created == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
        }
    }
}
