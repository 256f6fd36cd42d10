import Dispatch
import Glibc
import Synchronization

/// The threads `BackgroundWork` runs on. A thread that has finished its work parks here, waiting for the
/// next piece of work, instead of exiting.
///
/// A thread's exit is not free: the allocator tears down the thread's heap, which costs about as much as
/// highlighting a short code block, on every worker of every run. Parked threads are reused by later
/// work in the same process, and a process that ends with its workers parked pays no teardown at all.
/// At most `maximumParked` threads wait; more than that exit as before.
final class WorkerThreads: Sendable {
    static let shared = WorkerThreads()
    static let maximumParked = 16

    /// Parked threads, each waiting on its own hand-off for its next body.
    private let parked = Mutex<[Handoff]>([])

    /// Runs `body` on a parked thread if one waits, else on a new detached thread, else (no thread can be
    /// created) on this one.
    func run(_ body: @escaping @Sendable () -> Void) {
        if let handoff = parked.withLock({ $0.popLast() }) {
            handoff.give(body)
            return
        }
        let start = Start(pool: self, handoff: Handoff())
        start.handoff.give(body)
        let context = Unmanaged.passRetained(start).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                let start = Unmanaged<Start>.fromOpaque(context).takeRetainedValue()
                start.pool.serve(start.handoff)
                return nil
            }, context)
        if created == 0 {
            pthread_detach(thread)
        } else {
            Self.runBody(of: Unmanaged<Start>.fromOpaque(context).takeRetainedValue().handoff)
        }
    }

    /// Threads parked now.
    var parkedCount: Int { parked.withLock { $0.count } }

    /// What a new thread starts with: its pool and its first hand-off (already given its body).
    private final class Start: Sendable {
        let pool: WorkerThreads
        let handoff: Handoff
        init(pool: WorkerThreads, handoff: Handoff) {
            self.pool = pool
            self.handoff = handoff
        }
    }

    /// A worker's life: run the body handed over, park, run the next, until the pool is full.
    private func serve(_ first: Handoff) {
        var handoff = first
        while true {
            Self.runBody(of: handoff)
            let next = Handoff()
            let kept = parked.withLock { threads -> Bool in
                guard threads.count < Self.maximumParked else { return false }
                threads.append(next)
                return true
            }
            guard kept else { return }
            handoff = next
        }
    }

    /// Waits for the hand-off's body and runs it; the body (and all it captured) is released on return,
    /// before the thread parks.
    private static func runBody(of handoff: Handoff) {
        handoff.take()()
    }

    /// One body passed from `run` to one parked thread.
    private final class Handoff: Sendable {
        private let body = Mutex<(@Sendable () -> Void)?>(nil)
        private let given = DispatchSemaphore(value: 0)

        func give(_ work: @escaping @Sendable () -> Void) {
            body.withLock { $0 = work }
            given.signal()
        }

        /// Waits for the body and takes it.
        func take() -> @Sendable () -> Void {
            given.wait()
            return body.withLock { slot in
                defer { slot = nil }
                return slot ?? {}
            }
        }
    }
}
