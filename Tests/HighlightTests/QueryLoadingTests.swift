import Testing

@testable import Highlight

/// Queries are read pattern by pattern so a stale pattern costs one pattern, not a language.
@Suite struct QueryLoadingTests {
    func split(_ query: String) -> [String] {
        let bytes = Array(query.utf8)
        return QuerySplitter.patterns(in: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    @Test func splitsTopLevelPatternsWithCapturesAndQuantifiers() {
        #expect(
            split("(a) @x\n[(b) (c)] @y\n(d)? @z @w\n\"if\" @keyword _ @any") == [
                "(a) @x", "[(b) (c)] @y", "(d)? @z @w", "\"if\" @keyword", "_ @any",
            ])
    }

    @Test func parenthesesInStringsAndCommentsDoNotSplit() {
        #expect(
            split(#"; (not a pattern"# + "\n" + #"((x) @a (#match? @a "^[(]\")$"))"# + " ; trailing )\n(b) @b") == [
                #"((x) @a (#match? @a "^[(]\")$"))"#, "(b) @b",
            ])
    }

    @Test func stalePatternIsDroppedAndTheRestKept() throws {
        let python = try Grammars.require("python")
        let query =
            "(identifier) @variable\n(no_such_node) @x\n(integer) @number\n(call nonexistent_field: (identifier)) @y\n"
        let compiled = try HighlightQuery(source: Array(query.utf8), language: python.grammar.language, path: "t")
        #expect(compiled.patternsTotal == 4)
        #expect(compiled.patternsKept == 2)
    }

    @Test func unknownAlternativeCostsOnlyThatAlternative() throws {
        let python = try Grammars.require("python")
        let query = #"["if" "no_such_keyword" "else"] @keyword [(integer) (no_such_node)] @number"#
        let compiled = try HighlightQuery(source: Array(query.utf8), language: python.grammar.language, path: "t")
        #expect(compiled.patternsKept == 2)
        let code = "1 if x else 2\n"
        let tokens = try Grammars.tokens(code, language: "python", query: query)
        #expect(
            tokens.map { "\(text(of: $0, in: code)):\($0.capture)" } == [
                "1:number", "if:keyword", "else:keyword", "2:number",
            ])
    }

    @Test func queryWithNoUsablePatternIsAnError() throws {
        let python = try Grammars.require("python")
        #expect(throws: HighlightError.self) {
            try HighlightQuery(source: Array("(no_such_node) @x".utf8), language: python.grammar.language, path: "q")
        }
        #expect(throws: HighlightError.unusableQuery(path: "q", reason: "no patterns")) {
            try HighlightQuery(source: Array("; only a comment\n".utf8), language: python.grammar.language, path: "q")
        }
    }

    @Test func installedQueriesKeepMostPatterns() throws {
        for status in Grammars.highlighter.languageStatuses() {
            let kept = try #require(
                status.patternsKept, "\(status.id): \(status.problem ?? "") — \(Grammars.missingHint)")
            let total = try #require(status.patternsTotal)
            #expect(kept * 2 >= total, "\(status.id) kept \(kept) of \(total) patterns")
        }
    }
}
