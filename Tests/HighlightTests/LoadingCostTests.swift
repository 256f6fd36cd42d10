import Foundation
import MarkdownCore
import TestSupport
import Testing

@testable import Highlight

/// The languages `highlighter` has loaded (or tried to).
private func loaded(_ highlighter: TreeSitterHighlighter) -> [String] {
    LanguageCatalog.all.filter { highlighter.registry.existingOutcome(for: $0) != nil }.map(\.id)
}

/// Start-up does not grow with the catalogue: a block opens its own language's grammar and query and no
/// other, and the built-in languages open none unless they embed code in another language.
@Suite struct LoadingCostTests {
    @Test func onePythonBlockLoadsOnlyPython() throws {
        _ = try Grammars.require("python")
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        #expect(highlighter.tokens(for: "def f(x):\n    return x\n", language: "py")?.isEmpty == false)
        #expect(loaded(highlighter) == ["python"])
    }

    @Test func diffHttpAndTextBlocksTouchNoFile() {
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        _ = highlighter.tokens(for: "@@ -1 +1 @@\n-a\n+b\n", language: "diff")
        _ = highlighter.tokens(for: "GET / HTTP/1.1\nHost: example.com\n", language: "http")
        _ = highlighter.tokens(for: "plain words\n", language: "text")
        #expect(loaded(highlighter).isEmpty)
        #expect(loaded(highlighter).isEmpty)
    }

    @Test func consoleBlockLoadsOnlyTheShellAndOnlyForAPrompt() throws {
        _ = try Grammars.require("bash")
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        _ = highlighter.tokens(for: "only output here\n", language: "console")
        #expect(loaded(highlighter).isEmpty)
        _ = highlighter.tokens(for: "$ ls -la\ntotal 0\n", language: "console")
        #expect(loaded(highlighter) == ["bash"])
    }

    @Test func anHttpBodyLoadsTheLanguageOfItsContentType() throws {
        _ = try Grammars.require("json")
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        _ = highlighter.tokens(
            for: "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"a\": 1}\n", language: "http")
        #expect(loaded(highlighter) == ["json"])
    }
}

/// Listing the languages a second time opens no grammar whose files did not change.
@Suite struct LanguageStatsCacheTests {
    @Test func aSecondListingLoadsNoLanguage() throws {
        _ = try Grammars.require("python")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stats-\(getpid()).tsv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let cache = LanguageStatsCache(path: path)
        let first = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        let listed = first.languageReport(cache: cache)
        #expect(loaded(first).contains("python"))

        let second = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        #expect(second.languageReport(cache: cache) == listed)
        #expect(loaded(second).isEmpty)
    }

    @Test func aChangedQueryIsLoadedAgain() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stats2-\(getpid()).tsv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let cache = LanguageStatsCache(path: path)
        _ = TreeSitterHighlighter(searchPath: Grammars.searchPath).languageReport(cache: cache)
        var entries = cache.read()
        let python = try #require(entries["python"])
        entries["python"] = LanguageStatsCache.Entry(key: python.key + "|stale", status: python.status)
        cache.write(entries)
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        _ = highlighter.languageReport(cache: cache)
        #expect(loaded(highlighter) == ["python"])
    }
}
