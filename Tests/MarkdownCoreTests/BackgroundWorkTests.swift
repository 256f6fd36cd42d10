import Dispatch
import Glibc
import Synchronization
import Testing

@testable import MarkdownCore

/// Work started ahead of need either finishes before `finish` returns or never runs.
@Suite struct BackgroundWorkTests {
    @Test func noWorkRunsAfterFinishReturns() {
        for _ in 0..<50 {
            let runs = Mutex(0)
            let work = BackgroundWork()
            for _ in 0..<8 { work.start { runs.withLock { $0 += 1 } } }
            work.finish()
            let atFinish = runs.withLock { $0 }
            usleep(2_000)
            #expect(runs.withLock { $0 } == atFinish)
        }
    }

    @Test func workUnderWayIsWaitedFor() {
        let started = DispatchSemaphore(value: 0)
        let done = Mutex(false)
        let work = BackgroundWork()
        work.start {
            started.signal()
            usleep(20_000)
            done.withLock { $0 = true }
        }
        started.wait()
        work.finish()
        #expect(done.withLock { $0 })
    }
}
