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
        case .failure(.grammarNotFound(let language, let searched))
        where UnbuiltGrammars.contains(language, searchedDirectories: searched):
            try Test.cancel("the \(language) grammar failed to build on this machine (see scripts/install-grammars.sh)")
        case .failure(let error):
            Issue.record("\(missingGrammarHint): \(error)", sourceLocation: sourceLocation)
            throw error
        }
    }
}

/// Every diagnostic a highlighter emitted, repeats included (unlike `DiagnosticCollector`), so that a
/// test can tell a failure reported once from one reported for every block.
final class DiagnosticLog: DiagnosticSink {
    private let emitted = LockedList<Diagnostic>()

    func emit(_ diagnostic: Diagnostic) {
        emitted.append(diagnostic)
    }

    var diagnostics: [Diagnostic] { emitted.values }

    /// Each diagnostic as the command prints it, without the program name.
    var lines: [String] { diagnostics.map(\.description) }
}

/// `tokens` cut to end at byte `count` (the closers appended for the parse are not the block's).
func cutTokens(_ tokens: [SyntaxToken], at count: Int) -> [SyntaxToken] {
    tokens.compactMap { token in
        guard token.range.lowerBound < count else { return nil }
        return SyntaxToken(
            range: token.range.lowerBound..<min(token.range.upperBound, count), capture: token.capture)
    }
}
