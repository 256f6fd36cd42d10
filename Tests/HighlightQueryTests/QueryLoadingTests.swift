import TestSupport
import Testing

@testable import HighlightQuery

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
        let python = try EngineGrammar.require("python")
        let query =
            "(identifier) @variable\n(no_such_node) @x\n(integer) @number\n(call nonexistent_field: (identifier)) @y\n"
        let compiled = try python.compile(query)
        #expect(compiled.patternsTotal == 4)
        #expect(compiled.patternsKept == 2)
    }

    @Test func unknownAlternativeCostsOnlyThatAlternative() throws {
        let python = try EngineGrammar.require("python")
        let query = #"["if" "no_such_keyword" "else"] @keyword [(integer) (no_such_node)] @number"#
        let compiled = try python.compile(query)
        #expect(compiled.patternsKept == 2)
        let code = "1 if x else 2\n"
        let tokens = try EngineGrammar.require("python").tokens(code, query: query)
        #expect(
            tokens.map { "\(text(of: $0, in: code)):\($0.capture)" } == [
                "1:number", "if:keyword", "else:keyword", "2:number",
            ])
    }

    @Test func queryWithNoUsablePatternIsAnError() throws {
        let python = try EngineGrammar.require("python")
        #expect(throws: QueryError.noUsablePattern(total: 1)) { try python.compile("(no_such_node) @x") }
        #expect(throws: QueryError.noPatterns) { try python.compile("; only a comment\n") }
    }
}
