import Foundation
import Glibc
import Highlight
import MarkdownCore
import Synchronization
import TestSupport
import Testing

@testable import mdview

/// What start-up defers or reads by hand for speed must still behave like what it replaces.
@Suite(.serialized) struct StartupLazinessTests {
    @Test func theHighlighterIsBuiltOnTheFirstCodeBlockAndOnlyOnce() {
        let built = Mutex(0)
        let lazy = LazySyntaxHighlighter {
            built.withLock { $0 += 1 }
            return nil
        }
        #expect(built.withLock { $0 } == 0)
        #expect(lazy.tokens(for: "print(1)", language: "python") == nil)
        lazy.prepare(language: "rust")
        #expect(built.withLock { $0 } == 1)
    }

    @Test func aGrowingBlockIsHighlightedIncrementallyThroughTheLazyHighlighter() throws {
        let lazy = LazySyntaxHighlighter {
            TreeSitterHighlighter(
                searchPath: .standard(
                    explicitDirectory: nil, environment: ProcessInfo.processInfo.environment, executableURL: nil))
        }
        var state: (any Sendable)?
        let first = lazy.provisionalTokens(for: "def f(x):\n    return x\n", language: "python", state: &state)
        try #require(first != nil, "the Python grammar is missing: \(missingGrammarHint)")
        let grown = lazy.provisionalTokens(
            for: "def f(x):\n    return x\nprint(f(1))\n", language: "python", state: &state)
        // The protocol's default highlights from scratch and cannot say what it kept.
        #expect(grown?.extending != nil)
    }

    @Test func theEnvironmentIsSplitAtTheFirstEqualsSign() {
        setenv("MDVIEW_STARTUP_TEST", "a=b==c", 1)
        setenv("MDVIEW_STARTUP_EMPTY", "", 1)
        defer {
            unsetenv("MDVIEW_STARTUP_TEST")
            unsetenv("MDVIEW_STARTUP_EMPTY")
        }
        let variables = TerminalProbe.variables()
        #expect(variables["MDVIEW_STARTUP_TEST"] == "a=b==c")
        #expect(variables["MDVIEW_STARTUP_EMPTY"] == "")
        #expect(variables["PATH"] == String(cString: getenv("PATH")))
    }
}
