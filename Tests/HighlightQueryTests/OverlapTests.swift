import MarkdownCore
import TestSupport
import Testing

@testable import HighlightQuery

/// tree-sitter's highlighter semantics: the first pattern wins for a node; a nested capture splits
/// the one around it.
@Suite struct OverlapTests {
    @Test func firstPatternWinsForTheSameNode() throws {
        let code = "print(x)\n"
        let first = try EngineGrammar.require("python").tokens(code, query: "(identifier) @first (identifier) @second")
        #expect(first.map(\.capture) == ["first", "first"])
        let swapped = try EngineGrammar.require("python").tokens(
            code, query: "(identifier) @second (identifier) @first")
        #expect(swapped.map(\.capture) == ["second", "second"])
    }

    @Test func specificPatternBeforeGeneralOneWins() throws {
        let code = "print(x)\n"
        let query = "(call function: (identifier) @function) (identifier) @variable"
        let tokens = try EngineGrammar.require("python").tokens(code, query: query)
        #expect(tokens.map { "\(text(of: $0, in: code)):\($0.capture)" } == ["print:function", "x:variable"])
    }

    @Test func nestedCaptureSplitsTheOuterOne() throws {
        let code = #"s = "a\nb""# + "\n"
        let tokens = try EngineGrammar.require("python").tokens(
            code, query: "(string) @string (escape_sequence) @escape")
        #expect(
            tokens.map { "\(text(of: $0, in: code)):\($0.capture)" } == [#""a:string"#, #"\n:escape"#, #"b":string"#])
    }

    @Test func noneCaptureRemovesColour() throws {
        let code = "x = 1\n"
        let tokens = try EngineGrammar.require("python").tokens(code, query: "(assignment) @keyword (identifier) @none")
        #expect(tokens.map { text(of: $0, in: code) } == [" = 1"])
    }

    @Test func resolverKeepsLowestPatternForIdenticalRanges() {
        let records = [
            CaptureRecord(start: 0, end: 3, pattern: 5, capture: 1),
            CaptureRecord(start: 0, end: 3, pattern: 2, capture: 0),
        ]
        let tokens = CaptureResolver.tokens(from: records, names: ["a", "b"], byteCount: 3)
        #expect(tokens == [SyntaxToken(range: 0..<3, capture: "a")])
    }
}
