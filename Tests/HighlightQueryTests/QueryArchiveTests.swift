import CTreeSitter
import MarkdownCore
import Testing

@testable import HighlightQuery

/// `QueryArchive`: a compiled query read back from its bytes matches as the original does, and bytes
/// that are damaged or made up are refused without crashing.
@Suite struct QueryArchiveTests {
    static let code = """
        import os
        MAX_SIZE = 10
        class Reader(Base):
            @property
            def name(self, x: int) -> str:
                return print(f"{x} and {self.y}", None, 3.5)  # done
        """

    private func tokens(_ query: CompiledQuery, grammar: EngineGrammar) throws -> [SyntaxToken] {
        let bytes = Array(Self.code.utf8)
        let tree = try grammar.parse(bytes)
        defer { ts_tree_delete(tree) }
        let flat = try #require(
            FlatTree(root: ts_tree_root_node(tree), symbols: grammar.symbols, expectedCount: 0, keepGoing: { true }))
        return try #require(query.tokens(in: flat, code: bytes, keepGoing: { true }))
    }

    @Test func aQueryReadBackGivesTheSameTokensAndCounts() throws {
        let grammar = try EngineGrammar.require("python")
        let original = try grammar.installedQuery()
        let restored = try QueryArchive.decode(
            QueryArchive.encode(original), symbols: grammar.symbols, sourceCount: grammar.querySource.count)
        #expect(try tokens(restored, grammar: grammar) == tokens(original, grammar: grammar))
        #expect(try !tokens(original, grammar: grammar).isEmpty)
        #expect(restored.patternsKept == original.patternsKept)
        #expect(restored.patternsTotal == original.patternsTotal)
        #expect(restored.droppedPatterns == original.droppedPatterns)
    }

    @Test func predicatesSurviveTheRoundTrip() throws {
        let grammar = try EngineGrammar.require("python")
        let query = try grammar.compile(
            """
            ((identifier) @constant (#match? @constant "^[A-Z][A-Z_]*$"))
            ((identifier) @builtin (#any-of? @builtin "print" "len"))
            ((identifier) @self (#eq? @self "self"))
            """)
        let restored = try QueryArchive.decode(
            QueryArchive.encode(query), symbols: grammar.symbols, sourceCount: 1_000)
        let tokens = try tokens(restored, grammar: grammar)
        #expect(tokens == (try self.tokens(query, grammar: grammar)))
        #expect(Set(tokens.map { $0.capture }) == ["constant", "builtin", "self"])
    }

    @Test func everyTruncationIsRefused() throws {
        let grammar = try EngineGrammar.require("python")
        let bytes = QueryArchive.encode(try grammar.installedQuery())
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: QueryArchiveError.self) {
                try QueryArchive.decode(Array(bytes[..<length]), symbols: grammar.symbols, sourceCount: 1 << 20)
            }
        }
    }

    @Test func bytesForAnotherGrammarAreRefused() throws {
        let python = try EngineGrammar.require("python")
        let json = try EngineGrammar.require("json")
        let bytes = QueryArchive.encode(try python.installedQuery())
        #expect(throws: QueryArchiveError.self) {
            try QueryArchive.decode(bytes, symbols: json.symbols, sourceCount: 1 << 20)
        }
    }

    /// Random bytes, and an archive with random words changed, never crash the reader and never make a
    /// query the matcher could run out of bounds with (what decodes is run on a tree).
    @Test func randomAndMutatedBytesNeverCrash() throws {
        let grammar = try EngineGrammar.require("python")
        let bytes = QueryArchive.encode(try grammar.installedQuery())
        var generator = SystemRandomNumberGenerator()
        for round in 0..<2_000 {
            var input: [UInt8]
            if round % 2 == 0 {
                input = (0..<Int.random(in: 0..<512, using: &generator)).map { _ in UInt8.random(in: 0...255) }
                if round % 4 == 0, input.count >= 8 {
                    // A plausible start, so that the reader gets past the header.
                    input.replaceSubrange(0..<8, with: bytes[0..<8])
                }
            } else {
                input = bytes
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let word = Int.random(in: 0..<input.count / 4, using: &generator) * 4
                    let value = [Int32(-3), -1, 0, 1, 2, 7, 255, 65_535, Int32.max, Int32.random(in: .min ... .max)]
                        .randomElement(using: &generator)!
                    for offset in 0..<4 { input[word + offset] = UInt8(truncatingIfNeeded: value >> (8 * offset)) }
                }
            }
            if let query = try? QueryArchive.decode(input, symbols: grammar.symbols, sourceCount: 1 << 20) {
                _ = try tokens(query, grammar: grammar)
            }
        }
    }
}
