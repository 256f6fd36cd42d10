import FoundationEssentials
import Glibc
import Synchronization

/// mdview's one executor for background work: closures run in the order they were started, on a few
/// threads of its own.
///
/// It owns its threads rather than using libdispatch's global queue or Swift's cooperative pool: those
/// have a thread per core, shared with whoever else blocks on them, and work queued there while their
/// threads are busy waits until a thread is added, a second later. Two kinds of work use it:
/// - CPU-bound work started ahead of need (loading grammars, highlighting blocks) on one thread per core.
///   `finish` drops what has not started and waits for what is under way: dropped work was only a head
///   start, as whoever needs its result computes it.
/// - Blocking I/O (image loads) on a wider set of threads, where every job must run: `waitUntilIdle`.
public final class BackgroundWork: Sendable {
    private struct State {
        var items: [@Sendable () -> Void] = []
        var next = 0
        var workers = 0
        var finished = false
    }

    private let state = Mutex(State())
    /// Counts running workers; `finish` and `waitUntilIdle` wait for it to reach zero.
    private let idle = PendingCounter()
    private let maxWorkers: Int

    /// The number of cores this process may use, read once: each reading opens the cgroup's files.
    public static let cores = ProcessInfo.processInfo.activeProcessorCount

    /// - Parameter maxWorkers: threads at most (default: one per core).
    public init(maxWorkers: Int = BackgroundWork.cores) {
        self.maxWorkers = max(1, maxWorkers)
    }

    /// Queues `work`, starting a worker thread if fewer than `maxWorkers` are running. Ignored after
    /// `finish`.
    public func start(_ work: @escaping @Sendable () -> Void) {
        let spawn = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            state.items.append(work)
            guard state.workers < maxWorkers else { return false }
            state.workers += 1
            return true
        }
        guard spawn else { return }
        idle.enter()
        Self.spawnThread { [self] in
            runItems()
            idle.leave()
        }
    }

    /// Drops the work not yet started and waits for the work under way.
    public func finish() {
        state.withLock { $0.finished = true }
        idle.waitForZero()
    }

    /// Waits until every queued item has run.
    public func waitUntilIdle() {
        idle.waitForZero()
    }

    /// Runs `body(0..<iterations)` on up to one thread per core, the caller's thread among them, and
    /// returns when all have run.
    public static func perform(iterations: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard iterations > 1, cores > 1 else {
            for index in 0..<iterations { body(index) }
            return
        }
        let next = Mutex(0)
        let claim: @Sendable () -> Int? = {
            next.withLock { value in
                guard value < iterations else { return nil }
                value += 1
                return value - 1
            }
        }
        let helpers = BackgroundWork(maxWorkers: min(cores, iterations) - 1)
        for _ in 0..<min(cores, iterations) - 1 {
            helpers.start {
                while let index = claim() { body(index) }
            }
        }
        while let index = claim() { body(index) }
        helpers.waitUntilIdle()
    }

    private func runItems() {
        while true {
            let item = state.withLock { state -> (@Sendable () -> Void)? in
                guard !state.finished, state.next < state.items.count else {
                    state.workers -= 1
                    return nil
                }
                state.next += 1
                let item = state.items[state.next - 1]
                // Release the closure (and what it captured) once taken.
                state.items[state.next - 1] = {}
                return item
            }
            guard let item else { return }
            item()
        }
    }

    /// Runs `body` on a parked worker thread, or a new one (see `WorkerThreads`).
    private static func spawnThread(_ body: @escaping @Sendable () -> Void) {
        WorkerThreads.shared.run(body)
    }
}

/// A count of running workers that can be waited on until it drops to zero.
private final class PendingCounter: Sendable {
    private let count = Mutex(0)
    private let zero = Mutex<PendingValue<Void>?>(nil)

    func enter() {
        count.withLock { $0 += 1 }
    }

    func leave() {
        let reachedZero = count.withLock { value -> Bool in
            value -= 1
            return value == 0
        }
        if reachedZero,
            let waiter = zero.withLock({ pending -> PendingValue<Void>? in
                defer { pending = nil }
                return pending
            })
        {
            waiter.fulfil(())
        }
    }

    func waitForZero() {
        while true {
            let waiter = count.withLock { value -> PendingValue<Void>? in
                guard value > 0 else { return nil }
                return zero.withLock { pending in
                    if let pending { return pending }
                    let created = PendingValue<Void>()
                    pending = created
                    return created
                }
            }
            guard let waiter else { return }
            _ = waiter.wait(seconds: .infinity)
        }
    }
}
