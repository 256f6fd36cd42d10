import CTreeSitter
import Foundation
import MarkdownCore
import TestSupport
import Testing

@testable import Highlight

/// A block that grows (a code fence while it streams) is highlighted incrementally from the last one:
/// the tokens must be exactly those of a fresh highlight, at every length, and the unchanged start of
/// the block must not be matched again.
@Suite struct GrowingParseTests {
    /// The tokens of every prefix of `code` that ends a line (and, when `midLine`, of prefixes cut in the
    /// middle of lines), highlighted provisionally one after the other, against a fresh highlight.
    @discardableResult
    private func expectIncrementalEqualsFresh(_ code: String, language: String, midLine: Bool = true)
        -> TreeSitterHighlighter
    {
        let growing = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        var cuts: [Int] = []
        for (offset, byte) in code.utf8.enumerated() where byte == 0x0A {
            if midLine { cuts.append(max(1, offset - 3)) }
            cuts.append(offset + 1)
        }
        for cut in cuts {
            let prefix = String(decoding: code.utf8.prefix(cut), as: UTF8.self)
            let incremental = growing.provisionalTokens(for: prefix, language: language)?.tokens
            let fresh = TreeSitterHighlighter(searchPath: Grammars.searchPath).tokens(for: prefix, language: language)
            #expect(incremental == fresh, "\(language), first \(cut) bytes")
        }
        return growing
    }

    /// Each sample repeated so that the block grows over many lines, and cut at every line end and in
    /// the middle of lines.
    @Test(arguments: Array(Set(languageSamples.map(\.language) + ["c", "json"])).sorted())
    func tokensOfABlockGrowingALineAtATimeEqualThoseOfAFreshParse(language: String) throws {
        let base = languageSamples.first { $0.language == language }?.code ?? parseSamples[language] ?? ""
        _ = try Grammars.require(language)
        expectIncrementalEqualsFresh(String(repeating: base + "\n", count: 6), language: language)
    }

    @Test func aPythonStringThatOpensAndLaterClosesIsHighlightedAsAFreshParseWouldAtEveryLine() throws {
        _ = try Grammars.require("python")
        let code = """
            def f(x):
                return x + 1

            TEXT = \"\"\"a string
            def g(y):
                return y
            \"\"\"

            def h(z):
                return z  # done
            """
        expectIncrementalEqualsFresh(code + "\n", language: "python")
    }

    @Test func aCBlockCommentThatOpensAndLaterClosesIsHighlightedAsAFreshParseWouldAtEveryLine() throws {
        _ = try Grammars.require("c")
        let code = """
            int one(void) { return 1; }
            /* a comment
            int two(void) { return 2; }
            */
            int three(void) {
                return 3;
            }
            """
        expectIncrementalEqualsFresh(code + "\n", language: "c")
    }

    @Test func aJSONDocumentGrowingInsideOneObjectIsHighlightedAsAFreshParseWouldAtEveryLine() throws {
        _ = try Grammars.require("json")
        var code = "{\n  \"items\": [\n"
        for index in 0..<12 { code += "    {\"id\": \(index), \"name\": \"item \(index)\", \"ok\": true},\n" }
        code += "    null\n  ],\n  \"count\": 12\n}\n"
        expectIncrementalEqualsFresh(code, language: "json")
    }

    /// Long enough for the parse to move on to the tail (`TailCheckpoint`) many times, with items that
    /// later lines attach to (an `else` after a comment, a decorator, a string across items).
    @Test func aLongPythonBlockWhoseTailIsParsedAloneIsHighlightedAsAFreshParseWouldAtEveryLine() throws {
        _ = try Grammars.require("python")
        var code = ""
        for index in 0..<6 {
            code += """
                import os
                x\(index) = [1, 2,
                      3]
                if x\(index):
                    pass
                # a comment between
                else:
                    y = "no"
                @decorator(\(index))
                def f\(index)(a, b=2):
                    \"\"\"Doc.\"\"\"
                    return a * b
                s\(index) = \"\"\"text
                x = 1
                def g(): pass
                \"\"\"
                class C\(index):
                    value: int = 0

                """
        }
        let growing = expectIncrementalEqualsFresh(code, language: "python")
        #expect(growing.growing.tailStart > code.utf8.count / 2)
    }

    @Test func aLongCBlockWhoseTailIsParsedAloneIsHighlightedAsAFreshParseWouldAtEveryLine() throws {
        _ = try Grammars.require("c")
        var code = "#include <stdio.h>\n"
        for index in 0..<12 {
            code += """
                static int v\(index) = \(index);
                /* comment
                int hidden\(index)(void) { return 0; }
                */
                int f\(index)(int a) {
                    if (a) { return a; }
                    else { return -a; }
                }
                #define M\(index) (\(index) + 1)

                """
        }
        let growing = expectIncrementalEqualsFresh(code, language: "c")
        #expect(growing.growing.tailStart > code.utf8.count / 2)
    }

    @Test func aLineAddedToAGrownBlockIsMatchedWithoutTheLinesBeforeIt() throws {
        _ = try Grammars.require("python")
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        var code = ""
        for index in 0..<200 {
            code += "def f\(index)(x):\n    return x * \(index)  # note\n"
            _ = highlighter.provisionalTokens(for: code, language: "python")
        }
        let wholeBlock = highlighter.growing.lastMatchedNodeCount
        code += "def last(x):\n"
        _ = highlighter.provisionalTokens(for: code, language: "python")
        let oneLine = highlighter.growing.lastMatchedNodeCount
        #expect(oneLine > 0)
        #expect(oneLine * 50 < wholeBlock * 200, "one line matched \(oneLine) nodes; the last two lines \(wholeBlock)")
        #expect(oneLine < 40)
    }

    @Test func aBlockThatDoesNotExtendTheLastOneIsMatchedInFull() throws {
        _ = try Grammars.require("python")
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        _ = highlighter.provisionalTokens(for: "def f(x):\n    return x\n", language: "python")
        let other = "def g(y):\n    return y\n"
        let tokens = highlighter.provisionalTokens(for: other, language: "python")?.tokens
        #expect(tokens == TreeSitterHighlighter(searchPath: Grammars.searchPath).tokens(for: other, language: "python"))
        #expect(highlighter.growing.lastMatchedNodeCount > 5)
    }

    @Test func replacingTheEndOfTheTokensJoinsATokenCutAtTheBoundaryWithItsContinuation() {
        var tokens = [
            SyntaxToken(range: 0..<3, capture: "keyword"), SyntaxToken(range: 5..<12, capture: "string"),
            SyntaxToken(range: 14..<16, capture: "number"),
        ]
        GrowingParse.replace(
            &tokens, from: 8,
            with: [SyntaxToken(range: 8..<20, capture: "string"), SyntaxToken(range: 21..<22, capture: "comment")])
        #expect(
            tokens == [
                SyntaxToken(range: 0..<3, capture: "keyword"), SyntaxToken(range: 5..<20, capture: "string"),
                SyntaxToken(range: 21..<22, capture: "comment"),
            ])
    }
}
