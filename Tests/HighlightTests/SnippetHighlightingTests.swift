import BuiltInHighlight
import MarkdownCore
import TestSupport
import Testing

@testable import Highlight

/// Every catalogued language visibly colours a realistic snippet (`Tests/Snippets`) and keeps most of
/// its query, and every built-in language colours its snippet: a grammar, query or highlighter change
/// that loses either fails here.
@Suite struct SnippetHighlightingTests {
    static let ids = LanguageCatalog.all.map(\.id)
    /// The built-in languages that colour (`text` is plain on purpose).
    static let builtInIds = BuiltInLanguage.allCases.filter { $0 != .text }.map(\.rawValue)
    /// The grammars a built-in language's snippet embeds: a console's commands, an HTTP message's body.
    static let embeddedGrammars = ["console": ["bash", "python"], "http": ["json"]]

    /// The distinct theme styles the language's snippet gets.
    func distinctStyles(_ id: String) throws -> Int {
        let code = try #require(Snippets.code[id], "no snippet for \(id)")
        let tokens = try #require(Grammars.highlighter.tokens(for: code, language: id), "\(id) is not highlighted")
        return Set(tokens.compactMap { Theme.dark.syntaxStyle(forCapture: $0.capture) }).count
    }

    @Test(arguments: ids)
    func snippetGetsItsExpectedDistinctStyles(id: String) throws {
        _ = try Grammars.require(id)
        try expectExpectedDistinctStyles(id)
    }

    @Test(arguments: builtInIds)
    func builtInSnippetGetsItsExpectedDistinctStyles(id: String) throws {
        for grammar in Self.embeddedGrammars[id] ?? [] { _ = try Grammars.require(grammar) }
        try expectExpectedDistinctStyles(id)
    }

    /// The snippet gets at least the styles `expected-styles.txt` names for it, and at least two.
    func expectExpectedDistinctStyles(_ id: String) throws {
        let found = try distinctStyles(id)
        let expected = try #require(
            Snippets.expectedStyles[id], "\(id): no line in expected-styles.txt; found \(found)")
        #expect(found >= expected, "\(id): \(found) distinct styles, expected \(expected)")
        #expect(found >= 2, "\(id): only \(found) distinct styles")
    }

    @Test(arguments: ids)
    func queryKeepsAtLeast85PercentOfItsPatterns(id: String) throws {
        let language = try Grammars.require(id)
        let query = try language.query.get()
        #expect(
            query.patternsKept * 100 >= query.patternsTotal * 85,
            "\(id) keeps \(query.patternsKept) of \(query.patternsTotal) patterns")
    }
}
