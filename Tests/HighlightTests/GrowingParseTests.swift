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
    /// Returns the highlighter, and the bytes its last provisional parse left out (`removedCount`
    /// before the final highlight, which parses an open block as it is).
    @discardableResult
    private func expectIncrementalEqualsFresh(
        _ code: String, language: String, midLine: Bool = true, lineage: CodeLineage? = nil
    ) -> (highlighter: TreeSitterHighlighter, provisionalHole: Int) {
        let growing = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        var cuts: [Int] = []
        for (offset, byte) in code.utf8.enumerated() where byte == 0x0A {
            if midLine { cuts.append(max(1, offset - 3)) }
            cuts.append(offset + 1)
        }
        for cut in cuts {
            let prefix = String(decoding: code.utf8.prefix(cut), as: UTF8.self)
            let incremental = growing.provisionalTokens(for: prefix, language: language, lineage: lineage)?.tokens
            // Where brackets are open, the block is highlighted as closed by the closers the highlighter
            // chose (and checked to parse without errors), cut to the block, or to the block before its
            // last line or a trailing separator when it does not parse closed there.
            let covered = growing.growing.coveredCount
            let closed =
                String(decoding: code.utf8.prefix(covered), as: UTF8.self)
                + String(decoding: growing.growing.closers, as: UTF8.self)
            let fresh = TreeSitterHighlighter(searchPath: Grammars.searchPath).tokens(for: closed, language: language)
            #expect(incremental == fresh.map { cutTokens($0, at: covered) }, "\(language), first \(cut) bytes")
            // All of it, all before its last line, or all before a trailing `,`.
            #expect(
                covered == cut || code.utf8.prefix(covered).last == 0x0A
                    || code.utf8.dropFirst(covered).first == UInt8(ascii: ","),
                "\(language), first \(cut) bytes")
        }
        let provisionalHole = growing.growing.removedCount
        // Final tokens are a fresh highlight's, closers or not.
        #expect(
            growing.tokens(for: code, language: language)
                == TreeSitterHighlighter(searchPath: Grammars.searchPath).tokens(for: code, language: language),
            "\(language): final tokens")
        return (growing, provisionalHole)
    }

    /// A stream's open fence hands its code out with a lineage (`CodeLineage`), which tells the
    /// highlighter that the code extends the last one without comparing them: the tokens are the same.
    @Test(arguments: ["python", "c", "javascript", "json"])
    func tokensOfABlockGrowingUnderOneLineageEqualThoseOfAFreshParse(language: String) throws {
        let base = languageSamples.first { $0.language == language }?.code ?? parseSamples[language] ?? ""
        _ = try Grammars.require(language)
        expectIncrementalEqualsFresh(
            String(repeating: base + "\n", count: 6), language: language, lineage: CodeLineage())
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
        #expect(growing.highlighter.growing.tailStart > code.utf8.count / 2)
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
        #expect(growing.highlighter.growing.tailStart > code.utf8.count / 2)
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

    /// `(array (string) @string)` starts at the array, but each of its matches goes through one element:
    /// the array is matched again with only its new elements (`ChangedSubtrees.pruned`).
    @Test func anElementAddedToALongJSONArrayIsMatchedWithoutTheElementsBeforeIt() throws {
        _ = try Grammars.require("json")
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        var code = "[\n"
        for index in 0..<200 {
            code += "  \"item \(index)\",\n"
            _ = highlighter.provisionalTokens(for: code, language: "json")
        }
        code += "  \"last\",\n"
        let tokens = highlighter.provisionalTokens(for: code, language: "json")?.tokens
        #expect(highlighter.growing.lastMatchedNodeCount < 20)
        #expect(tokens == TreeSitterHighlighter(searchPath: Grammars.searchPath).tokens(for: code, language: "json"))
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

    /// A block that is one long item: the items of its long inner repetition are cut out of the text
    /// parsed (`NestedCheckpoint`), at every line the tokens must still be a fresh highlight's.
    @Test(arguments: nestedSamples.keys.sorted())
    func aLongNestedBlockWhoseEarlierItemsAreCutOutIsHighlightedAsAFreshParseWouldAtEveryLine(language: String) throws {
        _ = try Grammars.require(language)
        let sample = try #require(nestedSamples[language])
        let open = sample.head + String(repeating: sample.item, count: 14)
        let growing = expectIncrementalEqualsFresh(open, language: language, midLine: false)
        // Cut while the container is still open (its closing bracket, word or tag missing), not only once
        // it closed.
        #expect(growing.provisionalHole > open.utf8.count / 3, "\(language): no hole was cut")
        expectIncrementalEqualsFresh(open + sample.tail, language: language, midLine: false)
    }

    /// Top-level items separated by anonymous tokens (an SQL statement's `;`, a Dockerfile
    /// instruction's line feed) or needing a line feed at the end (Dockerfile, Makefile): the part
    /// parsed still moves on to the last few items.
    @Test(arguments: [
        ("sql", "INSERT INTO items (id, name) VALUES (#, 'item');  -- note\n"),
        ("dockerfile", "RUN echo \"step #\" && true\n"),
        ("make", "target#: dep#.c\n\t$(CC) -o $@ $<\n"),
    ])
    func aLongBlockOfStatementsIsParsedFromItsLastFew(language: String, item: String) throws {
        _ = try Grammars.require(language)
        let code = (0..<40).map { item.replacingOccurrences(of: "#", with: String($0)) }.joined()
        let growing = expectIncrementalEqualsFresh(code, language: language)
        #expect(growing.highlighter.growing.tailStart > code.utf8.count / 2)
    }

    /// One object a line: cut short, the open array still reads as an array with its closing bracket
    /// missing (three items kept; with two, tree-sitter's recovery reads it as an error).
    @Test func anOpenJSONArrayOfOneLineObjectsIsCutWhileItGrows() throws {
        _ = try Grammars.require("json")
        var code = "[\n"
        for index in 0..<30 { code += "  {\"id\": \(index), \"name\": \"item \(index)\", \"ok\": true},\n" }
        let growing = expectIncrementalEqualsFresh(code, language: "json")
        #expect(growing.highlighter.growing.removedCount > code.utf8.count / 2)
    }

    @Test func aPythonClassCutInsideAtEveryLineStillMatchesAFreshParseCutInTheMiddleOfLines() throws {
        _ = try Grammars.require("python")
        let sample = try #require(nestedSamples["python"])
        let code = sample.head + String(repeating: sample.item, count: 12) + sample.tail
        let growing = expectIncrementalEqualsFresh(code, language: "python")
        #expect(growing.highlighter.growing.removedCount > 0)
    }

    @Test func aBlockThatStreamedToItsEndTakesItsLastProvisionalTokensWhenFinal() throws {
        _ = try Grammars.require("python")
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        var code = ""
        for index in 0..<30 {
            code += "def f\(index)(x):\n    return x * \(index)  # note\n"
            _ = highlighter.provisionalTokens(for: code, language: "python")
        }
        let final = highlighter.tokens(for: code, language: "python")
        #expect(highlighter.fromScratchCount == 0)
        #expect(final == TreeSitterHighlighter(searchPath: Grammars.searchPath).tokens(for: code, language: "python"))
    }

    @Test func aFinalBlockThatIsNotTheLastProvisionalOneIsHighlightedFromScratch() throws {
        _ = try Grammars.require("python")
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        _ = highlighter.provisionalTokens(for: "def f(x):\n    return x\n", language: "python")
        _ = highlighter.tokens(for: "def g(y):\n    return y\n", language: "python")
        #expect(highlighter.fromScratchCount == 1)
    }

    @Test func aFinalBlockThatAddsLinesToTheLastProvisionalOneIsExtendedFromIt() throws {
        _ = try Grammars.require("python")
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        _ = highlighter.provisionalTokens(for: "def f(x):\n    return x\n", language: "python")
        let code = "def f(x):\n    return x\nprint(f(1))\n"
        let final = highlighter.tokens(for: code, language: "python")
        #expect(highlighter.fromScratchCount == 0)
        #expect(final == TreeSitterHighlighter(searchPath: Grammars.searchPath).tokens(for: code, language: "python"))
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
