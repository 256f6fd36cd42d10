import Foundation
import Synchronization
import Testing

@testable import MarkdownCore

@Suite struct WorkerThreadsTests {
    /// Waits (polling, bounded) until `condition` holds; false if it never does.
    private func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<2_000 {
            if condition() { return true }
            usleep(1_000)
        }
        return condition()
    }

    @Test func aThreadThatFinishedItsWorkParksAndRunsTheNext() {
        let pool = WorkerThreads()
        let threads = Mutex<[pthread_t]>([])
        pool.run { threads.withLock { $0.append(pthread_self()) } }
        #expect(eventually { pool.parkedCount == 1 })
        pool.run { threads.withLock { $0.append(pthread_self()) } }
        #expect(eventually { threads.withLock { $0.count } == 2 && pool.parkedCount == 1 })
        let seen = threads.withLock { $0 }
        #expect(seen.count == 2 && pthread_equal(seen[0], seen[1]) != 0)
    }

    @Test func whatTheWorkCapturedIsReleasedBeforeTheThreadParks() {
        final class Captured: Sendable {}
        let pool = WorkerThreads()
        weak var weakCaptured: Captured?
        do {
            let captured = Captured()
            weakCaptured = captured
            pool.run { _ = captured }
        }
        #expect(eventually { pool.parkedCount == 1 })
        #expect(eventually { weakCaptured == nil })
    }

    @Test func workBeyondTheParkedLimitStillRuns() {
        let pool = WorkerThreads()
        let done = Mutex(0)
        let count = WorkerThreads.maximumParked + 4
        let release = DispatchSemaphore(value: 0)
        for _ in 0..<count {
            pool.run {
                release.wait()
                done.withLock { $0 += 1 }
            }
        }
        for _ in 0..<count { release.signal() }
        #expect(eventually { done.withLock { $0 } == count })
        #expect(eventually { pool.parkedCount == WorkerThreads.maximumParked })
    }
}
