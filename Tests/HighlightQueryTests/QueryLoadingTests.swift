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

/// No query text can hang, exhaust memory or crash the loader: every byte is moved past, a field at the
/// top of a pattern is one pattern (dropped), and sizes past `QueryLimits` are refused or dropped.
@Suite struct HostileQueryTests {
    func split(_ query: [UInt8]) -> [String] {
        QuerySplitter.patterns(in: query).map { String(decoding: query[$0], as: UTF8.self) }
    }

    @Test(arguments: [":", "!", "#", "\\", "%", "&", "{", "}", "<", "=", "~", "\u{0}", "\u{1B}", ",", "'", "|"])
    func strayTopLevelByteIsMovedPast(stray: String) {
        let source = Array("(a) @x \(stray) (b) @y".utf8)
        let patterns = split(source)
        #expect(patterns.count <= source.count)
        #expect(patterns.first == "(a) @x")
        #expect(patterns.last == "(b) @y")
    }

    @Test func strayBytesAloneEndWithAtMostOnePatternPerByte() {
        let source = Array(repeating: UInt8(ascii: ":"), count: 10_000) + [0, 0x1B, UInt8(ascii: "!")]
        #expect(QuerySplitter.patterns(in: source).count <= source.count)
    }

    @Test func topLevelFieldPatternIsOnePattern() {
        #expect(
            split(Array("name: (identifier) @x\nvalue :\n  (string) @s\n(b) @y".utf8)) == [
                "name: (identifier) @x", "value :\n  (string) @s", "(b) @y",
            ])
    }

    @Test func topLevelFieldPatternIsDroppedAndTheRestKept() throws {
        let python = try EngineGrammar.require("python")
        let compiled = try python.compile("name: (identifier) @x\n(integer) @number\n")
        #expect(compiled.patternsTotal == 2)
        #expect(compiled.patternsKept == 1)
    }

    @Test func patternNestedPastTheLimitIsDropped() throws {
        let python = try EngineGrammar.require("python")
        let depth = QueryLimits.maximumDepth + 1
        let deep = String(repeating: "(module ", count: depth) + String(repeating: ")", count: depth) + " @x"
        let compiled = try python.compile(deep + "\n(integer) @number\n")
        #expect(compiled.patternsKept == 1)
    }

    @Test func unclosedNestingOfAnySizeIsRead() throws {
        let python = try EngineGrammar.require("python")
        let source = String(repeating: "[(", count: 200_000) + "\n"
        #expect(throws: QueryError.self) { try python.compile(source) }
    }

    @Test func alternationPastTheLimitIsDropped() throws {
        let python = try EngineGrammar.require("python")
        let alternatives = String(repeating: "(integer) ", count: QueryLimits.maximumItems + 1)
        let compiled = try python.compile("[\(alternatives)] @n\n(identifier) @v\n")
        #expect(compiled.patternsKept == 1)
    }

    @Test func capturesPastTheLimitDropThePattern() throws {
        let python = try EngineGrammar.require("python")
        let captures = (0...QueryLimits.maximumCapturesPerPattern).map { "@c\($0)" }.joined(separator: " ")
        let compiled = try python.compile("(integer) \(captures)\n(identifier) @v\n")
        #expect(compiled.patternsKept == 1)
    }

    @Test func oversizedQueryIsRefused() throws {
        let python = try EngineGrammar.require("python")
        let source = String(repeating: "; padding\n", count: QueryLimits.maximumBytes / 10 + 1)
        #expect(throws: QueryError.tooLarge(bytes: source.utf8.count)) { try python.compile(source) }
    }

    @Test func queryWithTooManyPatternsIsRefused() throws {
        let python = try EngineGrammar.require("python")
        let source = String(repeating: "_ ", count: QueryLimits.maximumPatterns + 1)
        #expect(throws: QueryError.tooManyPatterns(count: QueryLimits.maximumPatterns + 1)) {
            try python.compile(source)
        }
    }
}
