import Foundation
import MarkdownCore
import TestSupport
import Testing

@testable import HighlightQuery

/// libtree-sitter 0.20.7 leaves text predicates to the caller; each one is evaluated here.
@Suite struct PredicateTests {
    let code = "FOO = bar\nbaz = baz\n"

    func captured(_ query: String, _ capture: String) throws -> [String] {
        try EngineGrammar.require("python").tokens(code, query: query)
            .filter { $0.capture == capture }
            .map { text(of: $0, in: code) }
    }

    @Test func eqComparesCaptureWithString() throws {
        #expect(try captured(#"((identifier) @x (#eq? @x "bar"))"#, "x") == ["bar"])
    }

    @Test func notEqExcludesTheString() throws {
        #expect(try captured(#"((identifier) @x (#not-eq? @x "bar"))"#, "x") == ["FOO", "baz", "baz"])
    }

    @Test func eqComparesTwoCaptures() throws {
        let query = #"(assignment left: (identifier) @l right: (identifier) @r (#eq? @l @r))"#
        #expect(try captured(query, "l") == ["baz"])
    }

    @Test func matchUsesARegex() throws {
        #expect(try captured(#"((identifier) @constant (#match? @constant "^[A-Z][A-Z_]+$"))"#, "constant") == ["FOO"])
    }

    @Test func matchWithLiteralAlternativesIsASetLookup() throws {
        #expect(PredicateRegex.literalAlternatives(of: "^(bar|FOO)$") == [Array("bar".utf8), Array("FOO".utf8)])
        #expect(PredicateRegex.literalAlternatives(of: "^(bar|FO+)$") == nil)
        #expect(try captured(#"((identifier) @x (#match? @x "^(bar|FOO)$"))"#, "x") == ["FOO", "bar"])
    }

    @Test func notMatchExcludesRegexMatches() throws {
        #expect(try captured(#"((identifier) @x (#not-match? @x "^[A-Z]"))"#, "x") == ["bar", "baz", "baz"])
    }

    @Test func anyOfAcceptsListedStrings() throws {
        #expect(try captured(#"((identifier) @x (#any-of? @x "bar" "FOO"))"#, "x") == ["FOO", "bar"])
    }

    @Test func notAnyOfRejectsListedStrings() throws {
        #expect(try captured(#"((identifier) @x (#not-any-of? @x "bar" "FOO"))"#, "x") == ["baz", "baz"])
    }

    @Test func setDirectiveAndIsPredicatesAreIgnored() throws {
        let query = #"((identifier) @x (#set! priority 105) (#is-not? local))"#
        #expect(try captured(query, "x") == ["FOO", "bar", "baz", "baz"])
    }

    @Test func unknownPredicateDisablesOnlyItsPattern() throws {
        let query = #"((identifier) @x (#lua-match? @x "^%u")) (integer) @n ((identifier) @y (#eq? @y "bar"))"#
        let compiled = try EngineGrammar.require("python").compile(query)
        #expect(compiled.patternsKept == 2 && compiled.patternsTotal == 3)
        #expect(try captured(query, "x").isEmpty)
        #expect(try captured(query, "y") == ["bar"])
    }

    @Test(arguments: [
        ("^[A-Z][A-Z\\d_]*$", "FOO_1", true), ("^[A-Z][A-Z\\d_]*$", "Foo", false),
        ("\\s", "a b", true), ("^(?i)select$", "SeLeCt", true), ("^\\w+$", "ab_1", true),
        ("^[\\-+]$", "-", true), ("^(self|cls)$", "self", true), ("^(self|cls)$", "selfish", false),
        ("^(self|cls)$", "my_cls", false), ("^\\.(PHONY|SUFFIXES)$", ".PHONY", true), ("^__init__$", "__init__", true),
    ])
    func regexTranslationMatchesLikeRust(pattern: String, text: String, matches: Bool) throws {
        let regex = try #require(PredicateRegex(pattern))
        #expect(regex.matches(text) == matches)
    }

    /// The regexes installed queries use most, and ones that must be left to a real engine.
    static let byteClassPatterns = [
        "^[A-Z]", "^[a-z][^.]*$", "^[A-Z_][A-Z\\d_]+$", "^[A-Z][A-Z0-9_]+$", "^[A-Z][A-Z\\d_]*$", "^--", "^-",
        "^__[A-Z][A-Z\\d_]+__$", "^_?[A-Z][A-Z\\d_]+$", "^_*[A-Z][A-Z\\d_]+$", "^[A-Z][A-Z_]*$", "[%\\*\\?]",
        "^[-+]?\\d+$", "\\s", "^\\w+$", "^[\\-+]$", "x$", "a\\$",
    ]

    @Test(arguments: byteClassPatterns)
    func byteClassEngineAgreesWithARegexEngine(pattern: String) throws {
        let fast = try #require(ByteClassPattern(pattern), "\(pattern) should not need a regex engine")
        let reference = try Regex(pattern)
        for text in [
            "", "A", "a", "FOO", "FOO_1", "Foo", "foo.bar", "foo", "_FOO", "__FOO__", "__init__", "--x", "-", "+",
            "12", "+12", "a b", "ab_1", "x", "ax", "xa", "a$", "%", "why?", "A1", "_", "__A1__",
        ] {
            var copy = text
            let answer = copy.withUTF8 { fast.matches($0) }
            #expect(answer == ((try reference.firstMatch(in: text)) != nil), "\(pattern) on \"\(text)\"")
        }
    }

    @Test(arguments: ["^(a|b)$", "^a{2}$", "a*?", "^[[:alpha:]]$", "\\bx", "^é$"])
    func patternsBeyondByteClassesAreLeftToARegexEngine(pattern: String) {
        #expect(ByteClassPattern(pattern) == nil)
    }

    @Test func nonASCIITextIsLeftToARegexEngine() throws {
        let fast = try #require(ByteClassPattern("^[^a]$"))
        var text = "é"
        #expect(text.withUTF8 { fast.matches($0) } == nil)
    }
}

/// Repetitions that glibc's `regcomp` would copy out into a tree of exponential size are refused
/// before compiling (`QueryLimits.maximumRegexNodes`), and the pattern holding them is dropped.
@Suite struct RegexExpansionBoundTests {
    @Test func stackedPlusSignsAreRefused() {
        #expect(PredicateRegex("a" + String(repeating: "+", count: 40)) == nil)
    }

    @Test func nestedRepeatedGroupsAreRefused() {
        let nested = String(repeating: "(", count: 30) + "a" + String(repeating: ")+", count: 30)
        #expect(PredicateRegex(nested) == nil)
    }

    @Test func largeCountedRepetitionsOfGroupsAreRefused() {
        #expect(PredicateRegex("((ab){100}){200}") == nil)
    }

    @Test func ordinaryRepetitionsAreKept() throws {
        let regex = try #require(PredicateRegex("^(a+)+$"))
        #expect(regex.matches("aaa"))
        #expect(RegexShape("^[A-Z_][A-Z\\d_]+$").nodes == 3)
    }

    @Test func everyInstalledQueryRegexIsWithinTheBound() throws {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_DATA_HOME"] ?? (NSHomeDirectory() + "/.local/share")
        let directory = base + "/mdview/grammars"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let matchArgument = /#(?:not-)?match\? +@[\w.-]+ +"((?:[^"\\]|\\.)*)"/
        var largest = 0
        var deepest = 0
        var counted = 0
        for name in names {
            guard let query = try? String(contentsOfFile: "\(directory)/\(name)/highlights.scm", encoding: .utf8)
            else { continue }
            for match in query.matches(of: matchArgument) {
                // The query string's own escapes undone: `\\` is one backslash in the regex.
                let pattern = String(match.1).replacing("\\\\", with: "\\").replacing("\\\"", with: "\"")
                largest = max(largest, RegexShape(pattern).nodes)
                deepest = max(deepest, RegexShape(pattern).depth)
                counted += 1
            }
        }
        try #require(counted > 20, "\(missingGrammarHint): too few installed #match? regexes in \(directory)")
        #expect(largest < QueryLimits.maximumRegexNodes / 4, "the largest expands to \(largest) nodes")
        #expect(deepest < QueryLimits.maximumDepth / 4, "the deepest nests \(deepest) levels")
    }

    @Test func regexGroupsAndClassesNestedPastTheDepthLimitAreRefusedUnparsed() {
        // Swift's regex parser recurses per level: thousands of them overflowed the stack.
        let nested = String(repeating: "([", count: 3_000)
        #expect(RegexShape(nested).depth == 6_000)
        #expect(PredicateRegex(nested) == nil)
        // One level past the limit, balanced, which either engine would otherwise compile.
        let levels = QueryLimits.maximumDepth + 1
        #expect(
            PredicateRegex(String(repeating: "(", count: levels) + "a" + String(repeating: ")", count: levels)) == nil)
    }

    @Test func regexNestingIsCountedAsSwiftReadsItEscapesAside() throws {
        #expect(RegexShape("^[[:alpha:]_](\\(x\\))$").depth == 2)
        let pattern = String(repeating: "(", count: 10) + "a" + String(repeating: ")", count: 10)
        let regex = try #require(PredicateRegex(pattern))
        #expect(regex.matches("a"))
    }

    @Test func aRepeatedRepetitionLeftToSwiftsBacktrackingEngineIsRefused() {
        #expect(RegexShape("(?:a+)+$").repeatsRepetition)
        #expect(PredicateRegex("(?:a+)+$") == nil)
        #expect(PredicateRegex("(?i)^(?:ab)+$") != nil)
    }

    @Test func aRepeatedRepetitionForGlibcsEngineIsKept() throws {
        #expect(RegexShape("^(a*b)+$").repeatsRepetition)
        let regex = try #require(PredicateRegex("^(a*b)+$"))
        #expect(regex.matches(String(repeating: "a", count: 5_000) + "c") == false)
    }

    /// glibc compiles nested repetitions of what can match nothing in time that grows with the square
    /// of their nodes: ten seconds for this one, which `+` alone counts at 4,096 nodes.
    @Test func nestedRepetitionsThatCanMatchNothingAreRefusedPastTheirBound() throws {
        let nested = String(repeating: "(", count: 12) + "()+" + String(repeating: ")+", count: 11)
        #expect(RegexShape(nested).nodes > QueryLimits.maximumNestedRepetitionNodes)
        #expect(PredicateRegex(nested) == nil)
        let usual = try #require(PredicateRegex("^(\\w+::)*\\w+$"))
        #expect(usual.matches("std::io::Result"))
    }

    @Test func aQueryWithAnExplosiveRegexKeepsItsOtherPatterns() throws {
        let grammar = try EngineGrammar.require("json")
        let explosive = "a" + String(repeating: "+", count: 40)
        let compiled = try grammar.compile(
            "((string) @x (#match? @x \"\(explosive)\"))\n((number) @y)")
        #expect(compiled.patternsKept == 1 && compiled.patternsTotal == 2)
    }
}
