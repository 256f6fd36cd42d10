import Testing

@testable import Highlight

/// `ParsedRegion`: offsets in the text a growing block's tree covers, back to the block's code.
@Suite struct ParsedRegionTests {
    @Test func offsetsBeforeTheHoleCountFromTheBase() {
        let region = ParsedRegion(base: 10, hole: 30..<100)
        #expect(region.real(0) == 10)
        #expect(region.real(19) == 29)
    }

    @Test func offsetsFromTheHoleOnSkipIt() {
        let region = ParsedRegion(base: 10, hole: 30..<100)
        #expect(region.real(20) == 100)
        #expect(region.real(25) == 105)
        #expect(region.removedCount == 80)
    }

    @Test func theTextLeavesTheHoleOut() {
        let region = ParsedRegion(base: 2, hole: 4..<7)
        let text = Array("abcdefghij".utf8).withUnsafeBufferPointer { code in
            region.withText(of: code) { String(decoding: $0, as: UTF8.self) }
        }
        #expect(text == "cdhij")
    }
}
