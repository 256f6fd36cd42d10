import Dispatch
import Glibc
import MarkdownCore
import Synchronization
import TestSupport
import Testing

/// The renderer starts highlighting every code block of a document with much code as soon as the
/// document is parsed, on background threads, instead of one block at a time as layout reaches them; a
/// document with little code is highlighted on the rendering thread, where starting threads would cost
/// more than they overlap.
@Suite struct BackgroundHighlightingTests {
    /// Holds calls until a second call is under way (or five seconds pass), and remembers the most calls
    /// it saw at once. One block at a time never gets past one.
    final class RendezvousHighlighter: SyntaxHighlighter {
        private let state = Mutex((running: 0, most: 0))
        private let second = DispatchSemaphore(value: 0)
        /// Two calls have overlapped once; later calls need not wait.
        private let met = Mutex(false)
        var mostAtOnce: Int { state.withLock { $0.most } }
        let calls = LockedList<String>()

        func tokens(for code: String, language: String) -> [SyntaxToken]? {
            calls.append(code)
            let running = state.withLock { state -> Int in
                state.running += 1
                state.most = max(state.most, state.running)
                return state.running
            }
            if running >= 2 {
                met.withLock { $0 = true }
                second.signal()
            } else if !met.withLock({ $0 }) {
                _ = second.wait(timeout: .now() + 5)
            }
            state.withLock { $0.running -= 1 }
            return [SyntaxToken(range: 0..<1, capture: "keyword")]
        }

        func prepare(language: String) {}
    }

    /// Records the thread of each call.
    final class ThreadRecordingHighlighter: SyntaxHighlighter {
        let threads = LockedList<pthread_t>()

        func tokens(for code: String, language: String) -> [SyntaxToken]? {
            threads.append(pthread_self())
            return [SyntaxToken(range: 0..<1, capture: "keyword")]
        }

        func prepare(language: String) {}
    }

    @Test func codeBlocksOfADocumentWithMuchCodeAreHighlightedConcurrently() {
        let highlighter = RendezvousHighlighter()
        let renderer = MarkdownRenderer(
            capabilities: TerminalCapabilities(width: 60, colorDepth: .trueColor), highlighter: highlighter)
        // 10 KB of code in two blocks.
        let python = String(repeating: "x = 1\n", count: 850).dropLast()
        let rust = String(repeating: "fn f() {}\n", count: 500).dropLast()
        _ = renderer.render("```python\n\(python)\n```\n\nText.\n\n```rust\n\(rust)\n```\n")
        #expect(highlighter.mostAtOnce >= 2)
        #expect(Set(highlighter.calls.values) == [String(python), String(rust)])
    }

    @Test func codeBlocksOfASmallDocumentAreHighlightedOnTheRenderingThread() {
        let highlighter = ThreadRecordingHighlighter()
        let renderer = MarkdownRenderer(
            capabilities: TerminalCapabilities(width: 60, colorDepth: .trueColor), highlighter: highlighter)
        _ = renderer.render("```python\nx = 1\n```\n\nText.\n\n```rust\nfn f() {}\n```\n")
        let rendering = pthread_self()
        #expect(highlighter.threads.values.count == 2)
        #expect(highlighter.threads.values.allSatisfy { pthread_equal($0, rendering) != 0 })
    }

    @Test func plainOutputHighlightsNothing() {
        let highlighter = RendezvousHighlighter()
        let renderer = MarkdownRenderer(
            capabilities: TerminalCapabilities(width: 60, colorDepth: .none), highlighter: highlighter)
        _ = renderer.render("```python\nx = 1\n```\n")
        #expect(highlighter.calls.values.isEmpty)
    }
}
