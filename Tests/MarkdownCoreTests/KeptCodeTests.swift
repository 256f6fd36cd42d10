import Testing

@testable import MarkdownCore

/// The copy of a growing block's code that a stage keeps between redraws (`KeptCode`): how a new code
/// relates to it, read from the lengths under one lineage and from the bytes otherwise.
@Suite struct KeptCodeTests {
    @Test func withoutALineageTheBytesAreCompared() {
        let kept = KeptCode("let a = 1\n", lineage: nil)
        #expect(kept.relation(to: "let a = 1\n", lineage: nil) == .same)
        #expect(kept.relation(to: "let a = 1\nlet b = 2\n", lineage: nil) == .longer)
        #expect(kept.relation(to: "let a = 2\nlet b = 2\n", lineage: nil) == .unrelated)
    }

    @Test func aCodeOfTheSameLineageIsReadFromItsLengthAlone() {
        let lineage = 7
        let kept = KeptCode("let a = 1\n", lineage: lineage)
        // The lineage promises that its codes only grow, so the bytes are not read: a code that broke the
        // promise would be taken as longer.
        #expect(kept.relation(to: "let a = 2\nlet b = 2\n", lineage: lineage) == .longer)
        #expect(kept.relation(to: "let a = 2\n", lineage: lineage) == .same)
    }

    @Test func aCodeOfAnotherLineageIsCompared() {
        let kept = KeptCode("let a = 1\n", lineage: 1)
        #expect(kept.relation(to: "let a = 2\nlet b = 2\n", lineage: 2) == .unrelated)
        #expect(kept.relation(to: "let a = 1\nlet b = 2\n", lineage: 2) == .longer)
        #expect(kept.relation(to: "let a = 2\nlet b = 2\n", lineage: nil) == .unrelated)
    }

    @Test func aShorterCodeIsUnrelatedWhateverItsLineage() {
        let lineage = 7
        let kept = KeptCode("let a = 1\nlet b = 2\n", lineage: lineage)
        #expect(kept.relation(to: "let a = 1\n", lineage: lineage) == .unrelated)
        #expect(kept.relation(to: "let a = 1\n", lineage: nil) == .unrelated)
    }

    @Test func extendingAddsOrDropsBytesAtTheEndAndTakesTheNewLineage() {
        var kept = KeptCode("abc", lineage: nil)
        let lineage = 7
        var code = "abcdef"
        code.withUTF8 { kept.extend(to: $0, count: 5, lineage: lineage) }
        #expect(kept.bytes == Array("abcde".utf8))
        #expect(kept.lineage == lineage)
        code.withUTF8 { kept.extend(to: $0, count: 4, lineage: lineage) }
        #expect(kept.bytes == Array("abcd".utf8))
        kept.extend(to: "abcdefgh", lineage: nil)
        #expect(kept.bytes == Array("abcdefgh".utf8))
        #expect(kept.lineage == nil)
    }
}
