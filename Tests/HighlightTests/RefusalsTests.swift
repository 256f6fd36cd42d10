import Testing

@testable import Highlight

/// `Refusals`: closers that did not parse are tried again after a growing number of calls.
@Suite struct RefusalsTests {
    private let key = Refusals.Key(closers: Array("]".utf8), cut: .none)

    /// Which of the next `calls` calls may try `key`.
    private func tries(_ refusals: inout Refusals, calls: Int) -> [Bool] {
        (0..<calls).map { _ in refusals.allows(key) }
    }

    @Test func closersNeverRefusedAreTriedAtEveryCall() {
        var refusals = Refusals()
        #expect(tries(&refusals, calls: 3) == [true, true, true])
    }

    @Test func eachRefusalDoublesTheCallsSkipped() {
        var refusals = Refusals()
        refusals.refused(key)
        #expect(tries(&refusals, calls: 2) == [false, true])
        refusals.refused(key)
        #expect(tries(&refusals, calls: 3) == [false, false, true])
        refusals.refused(key)
        #expect(tries(&refusals, calls: 5) == [false, false, false, false, true])
    }

    @Test func closersTakenAreTriedAtEveryCallAgain() {
        var refusals = Refusals()
        refusals.refused(key)
        refusals.refused(key)
        refusals.accepted(key)
        #expect(tries(&refusals, calls: 2) == [true, true])
    }

    @Test func otherClosersAreNotSkipped() {
        var refusals = Refusals()
        refusals.refused(key)
        let beforeLastLine = refusals.allows(Refusals.Key(closers: Array("]".utf8), cut: .beforeLastLine))
        let otherClosers = refusals.allows(Refusals.Key(closers: Array("}".utf8), cut: .none))
        #expect(beforeLastLine)
        #expect(otherClosers)
    }
}
