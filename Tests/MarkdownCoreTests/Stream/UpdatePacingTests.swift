import Testing

@testable import MarkdownCore

/// Updates are paced by their measured cost (`MarkdownStream.updateDue`): the next one is due after
/// `updateIdleFactor` times what the last one cost, so a costly open block is redrawn less often.
@Suite struct UpdatePacingTests {
    typealias Clock = PacedHighlightingTests.TestClock

    /// A stream whose code is highlighted in full at every update, each highlight costing `cost` on
    /// `clock`, the clock the stream measures its updates on.
    static func stream(clock: Clock, cost: Duration) -> MarkdownStream {
        let highlighter = PacedHighlightingTests.CostlyHighlighter(clock: clock, cost: cost)
        var stream = PacedHighlightingTests.stream(highlighter)
        stream.pacesHighlighting = false
        return stream
    }

    @Test func noUpdateIsDueBeforeTheFirst() {
        let stream = Self.stream(clock: Clock(), cost: .milliseconds(5))
        #expect(stream.updateDue == nil)
    }

    @Test func theNextUpdateIsDueEightTimesTheLastOnesCostAfterItEnded() {
        let clock = Clock()
        var stream = Self.stream(clock: clock, cost: .milliseconds(5))
        stream.feed("```python\nx = 1\n")
        _ = stream.update(provisional: true)
        #expect(stream.updateDue == clock.now.advanced(by: .milliseconds(40)))
    }

    @Test func anUpdateThatCostNothingLeavesTheNextOneDueAtOnce() {
        let clock = Clock()
        var stream = Self.stream(clock: clock, cost: .milliseconds(5))
        stream.feed("A paragraph of words.\n")
        _ = stream.update(provisional: true)
        #expect(stream.updateDue == clock.now)
    }
}
