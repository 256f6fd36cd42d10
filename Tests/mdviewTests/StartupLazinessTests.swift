import Glibc
import MarkdownCore
import Synchronization
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
