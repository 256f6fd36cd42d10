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

    /// The loaded language, or a test failure saying how to install it.
    static func require(_ alias: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> LoadedLanguage {
        switch highlighter.registry.language(forAlias: alias) {
        case .success(let language):
            return language
        case .failure(let error):
            Issue.record("\(missingGrammarHint): \(error)", sourceLocation: sourceLocation)
            throw error
        }
    }
}

/// The diagnostics a highlighter reported, one line each.
typealias DiagnosticLog = LockedList<String>

extension LockedList where Element == String {
    var lines: [String] { values }
}
