import Foundation
import Testing

@testable import Highlight

/// The parse budget counts the thread's CPU time, not the clock: a thread that waits keeps at least half
/// its budget to work in.
@Suite struct CPUBudgetTests {
    /// Burns the calling thread's CPU until `budget` is spent; returns how many rounds that took.
    private func spin(until budget: CPUBudget) -> Int {
        var rounds = 0
        var sink: UInt64 = 1
        while !budget.isSpent {
            for step in 0..<10_000 { sink = sink &* 6_364_136_223_846_793_005 &+ UInt64(step) }
            rounds += 1
        }
        #expect(sink != 0)
        return rounds
    }

    @Test func aFreshBudgetIsNotSpent() {
        let budget = CPUBudget(microseconds: 50_000)
        #expect(!budget.isSpent)
        #expect(budget.remainingMicroseconds > 0)
        #expect(budget.remainingMicroseconds <= 50_000)
    }

    @Test func sleepingPastTheBudgetLeavesItUnspent() {
        let budget = CPUBudget(microseconds: 5_000)
        Thread.sleep(forTimeInterval: 0.03)
        #expect(!budget.isSpent, "30 ms asleep used far less than 5 ms of CPU")
        #expect(budget.remainingMicroseconds > 0)
    }

    @Test func aThreadThatWaitedIsGivenHalfTheBudgetInCPUTime() {
        let budget = CPUBudget(microseconds: 10_000)
        Thread.sleep(forTimeInterval: 0.03)
        // Read before the check that reads the budget's CPU clock, from which its half is counted.
        let before = Self.threadCPUNanoseconds()
        #expect(!budget.isSpent)
        _ = spin(until: budget)
        #expect(Self.threadCPUNanoseconds() - before >= 5_000_000)
    }

    private static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    @Test func workingPastTheBudgetSpendsIt() {
        let budget = CPUBudget(microseconds: 2_000)
        #expect(spin(until: budget) > 0)
        #expect(budget.isSpent)
        #expect(budget.remainingMicroseconds == 0)
    }
}
