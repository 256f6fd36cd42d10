import Synchronization
import Testing

@testable import MarkdownImages

/// A decode whose picture nobody waits for any more (its document's image budget ran out) stops
/// early: it reports that it was cancelled and gives its share of the pixel budget back.
@Suite struct DecodeStopTests {
    /// Says "abandoned" from its `after`-th question on, counting the questions.
    final class Expiry: Sendable {
        let after: Int
        let questions = Atomic(0)
        init(after: Int) { self.after = after }
        func isAbandoned() -> Bool { questions.add(1, ordering: .relaxed).newValue >= after }
    }

    @Test(arguments: ["photo.jpg", "photo.png", "flag.gif", "lossy.webp"])
    func anAbandonedDecodeIsCancelledAndGivesItsReservationBack(name: String) throws {
        let budget = DecodeBudget(totalBytes: 64 << 20)
        let decoder = ImageDecoder(budget: budget)
        #expect(throws: ImageError.cancelled) { try decoder.decode(Fixtures.bytes(name), isAbandoned: { true }) }
        #expect(budget.bytesInUse == 0)
        // The whole budget is free again: a reservation of all of it is granted without waiting (a wait
        // would throw, since it is abandoned too).
        try budget.reserve(budget.totalBytes, isAbandoned: { true })
        #expect(budget.bytesInUse == budget.totalBytes)
    }

    @Test func aJPEGDecodeStopsBetweenRowsWhenItsBudgetRunsOutMidway() throws {
        let budget = DecodeBudget()
        let expiry = Expiry(after: 100)
        let decoder = ImageDecoder(maxWidth: 800, budget: budget)
        #expect(throws: ImageError.cancelled) {
            try decoder.decode(try DecodeBudgetTests.hostileJPEG(), isAbandoned: expiry.isAbandoned)
        }
        // 875 rows at 1/8: the decode was asked between rows and stopped at the first "abandoned".
        #expect(expiry.questions.load(ordering: .relaxed) == 100)
        #expect(budget.bytesInUse == 0)
    }

    @Test func aGIFDecodeStopsBetweenRowsWhenItsBudgetRunsOutMidway() throws {
        let expiry = Expiry(after: 3)
        let decoder = ImageDecoder(budget: DecodeBudget())
        #expect(throws: ImageError.cancelled) {
            try decoder.decode(Fixtures.bytes("flag.gif"), isAbandoned: expiry.isAbandoned)
        }
        #expect(expiry.questions.load(ordering: .relaxed) == 3)
        #expect(decoder.budget?.bytesInUse == 0)
    }

    @Test func aDecodeStillWantedIsAskedAndFinishes() throws {
        let expiry = Expiry(after: .max)
        let image = try ImageDecoder(budget: DecodeBudget()).decode(
            Fixtures.bytes("flag.gif"), isAbandoned: expiry.isAbandoned)
        #expect(image == (try ImageDecoder().decode(Fixtures.bytes("flag.gif"))))
        // Asked before every row.
        #expect(expiry.questions.load(ordering: .relaxed) >= image.height)
    }

    @Test func theCancelledMessageSaysTheDecodeWasStopped() {
        #expect(ImageError.cancelled.description == "no longer waited for (--image-budget), so its decode was stopped")
    }
}
