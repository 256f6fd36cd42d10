import Foundation
import MarkdownCore
import TestSupport
import Testing

@testable import Highlight

/// The grammars the product would find (`make test` installs them first with
/// scripts/install-grammars.sh); tests that need a language fail, with this hint, when it is missing.
enum Grammars {
    static let searchPath = GrammarSearchPath.standard(
        explicitDirectory: nil, environment: ProcessInfo.processInfo.environment, executableURL: nil)

    static let highlighter = TreeSitterHighlighter(searchPath: searchPath)

    static let missingHint = "grammar not installed: run `make grammars` (scripts/install-grammars.sh) first"

    /// The loaded language, or a test failure saying how to install it.
    static func require(_ alias: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> LoadedLanguage {
        switch highlighter.registry.language(forAlias: alias) {
        case .success(let language):
            return language
        case .failure(let error):
            Issue.record("\(missingHint): \(error)", sourceLocation: sourceLocation)
            throw error
        }
    }

    /// Tokens of `code` highlighted with a query written by the test instead of the installed one.
    static func tokens(_ code: String, language alias: String, query: String) throws -> [SyntaxToken] {
        let language = try require(alias)
        let compiled = try HighlightQuery(source: Array(query.utf8), language: language.grammar.language, path: "test")
        let custom = LoadedLanguage(
            descriptor: language.descriptor, grammar: language.grammar, query: .success(compiled), queryPath: "test",
            layout: .mdview)
        return try TreeHighlighting.tokens(code: Array(code.utf8), language: custom, timeoutMicros: 1_000_000).get()
    }
}

/// The text a token covers.
func text(of token: SyntaxToken, in code: String) -> String {
    String(decoding: Array(code.utf8)[token.range], as: UTF8.self)
}

/// The diagnostics a highlighter reported, one line each.
typealias DiagnosticLog = LockedList<String>

extension LockedList where Element == String {
    var lines: [String] { values }
}
