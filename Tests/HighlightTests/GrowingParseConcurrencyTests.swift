import MarkdownCore
import Synchronization
import TestSupport
import Testing

@testable import Highlight

/// One highlighter serves every thread of a process: blocks growing on several threads at once take the
/// kept parse from one another (`GrowingParse` keeps one), and each must still be highlighted right.
@Suite struct GrowingParseConcurrencyTests {
    /// Blocks of four languages, each grown a line at a time on a thread of its own with a lineage of its
    /// own, all through one highlighter: every redraw has tokens inside its code, and every final block
    /// the tokens of a fresh highlight.
    @Test func blocksGrowingOnManyThreadsThroughOneHighlighterEndWithFreshTokens() throws {
        let languages = ["python", "c", "javascript", "bash"]
        for language in languages { _ = try Grammars.require(language) }
        // Brackets, strings, comments and heredocs left open over lines, so that the closers vary.
        let snippets = [
            "class A:\n    \"\"\"Doc\n    string.\"\"\"\n    def f(self, x):\n        return [x,\n            1]\n",
            "/* a\n   comment */\nint f(int x) {\n    if (x) {\n        return g(x,\n            1);\n    }\n}\n",
            "class A {\n  f(x) {\n    return `a\n${x}\n`;\n  }\n}\nconst b = [1,\n  2];\n",
            "f() {\n  cat <<EOF\nhello $1\nEOF\n  if true; then\n    echo \"a\n b\"\n  fi\n}\n",
        ]
        let samples = snippets.map { String(repeating: $0, count: 12) }
        let shared = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        let problems = Mutex<[String]>([])
        BackgroundWork.perform(iterations: languages.count * 2) { index in
            let language = languages[index % languages.count]
            let code = samples[index % languages.count]
            let lineage = CodeLineage()
            var prefix = ""
            for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
                prefix += line + "\n"
                let tokens = shared.provisionalTokens(for: prefix, language: language, lineage: lineage)?.tokens
                let count = prefix.utf8.count
                if tokens == nil || tokens!.contains(where: { $0.range.upperBound > count }) {
                    problems.withLock { $0.append("\(language): no tokens or tokens past the code at \(count)") }
                }
            }
            let final = shared.tokens(for: prefix, language: language)
            let fresh = TreeSitterHighlighter(searchPath: Grammars.searchPath).tokens(for: prefix, language: language)
            if final == nil || final != fresh {
                problems.withLock { $0.append("\(language): final tokens differ from a fresh highlight") }
            }
        }
        #expect(problems.withLock { $0 } == [])
    }
}
