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
