import Foundation
import Testing

@testable import Highlight
@testable import HighlightQuery

/// `CompiledQueryCache`: a query compiled once is read from the cache's file next time, and a file that
/// is damaged, foreign or stale is ignored and written again.
@Suite struct CompiledQueryCacheTests {
    private let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("mdview-query-cache-\(UUID().uuidString)").path

    private func python() throws -> LoadedLanguage {
        try Grammars.require("python")
    }

    private func source(_ language: LoadedLanguage) throws -> [UInt8] {
        try Array(Data(contentsOf: URL(fileURLWithPath: language.queryPath)))
    }

    @Test func aCompiledQueryIsStoredAndReadBack() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let language = try python()
        let cache = CompiledQueryCache(directory: directory)
        let source = try source(language)
        let first = try cache.query(
            language: "python", library: language.grammar.path, source: source, symbols: language.symbols)
        let path = cache.path(language: "python", library: language.grammar.path)
        let key = try #require(cache.key(library: language.grammar.path, source: source))
        #expect(cache.payload(at: path, key: key) == QueryArchive.encode(first))
        let second = try cache.query(
            language: "python", library: language.grammar.path, source: source, symbols: language.symbols)
        #expect(second.patterns.isEmpty)  // read from the file: a query read from source keeps its patterns
        #expect(!first.patterns.isEmpty)
        #expect(second.patternsKept == first.patternsKept)
        #expect(QueryArchive.encode(second) == QueryArchive.encode(first))
    }

    @Test func aChangedQueryMakesTheFileStale() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let language = try python()
        let cache = CompiledQueryCache(directory: directory)
        let source = try source(language)
        let full = try cache.query(
            language: "python", library: language.grammar.path, source: source, symbols: language.symbols)
        let smaller = Array("(comment) @comment\n".utf8)
        let query = try cache.query(
            language: "python", library: language.grammar.path, source: smaller, symbols: language.symbols)
        #expect(query.patternsKept == 1)
        #expect(full.patternsKept > 1)
    }

    @Test func aCorruptFileIsIgnoredAndRewritten() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let language = try python()
        let cache = CompiledQueryCache(directory: directory)
        let source = try source(language)
        let compiled = try cache.query(
            language: "python", library: language.grammar.path, source: source, symbols: language.symbols)
        let path = cache.path(language: "python", library: language.grammar.path)
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count - 5] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let again = try cache.query(
            language: "python", library: language.grammar.path, source: source, symbols: language.symbols)
        #expect(again.patternsKept == compiled.patternsKept)
        let key = try #require(cache.key(library: language.grammar.path, source: source))
        #expect(cache.payload(at: path, key: key) == QueryArchive.encode(compiled))
    }

    @Test func randomFileContentsAreNeverTrusted() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let language = try python()
        let cache = CompiledQueryCache(directory: directory)
        let source = try source(language)
        let expected = try CompiledQuery(source: source, symbols: language.symbols).patternsKept
        let path = cache.path(language: "python", library: language.grammar.path)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for length in [0, 1, 13, 100, 4_096] {
            let noise = (0..<length).map { _ in UInt8.random(in: 0...255) }
            try Data(CompiledQueryCache.magic + noise).write(to: URL(fileURLWithPath: path))
            let query = try cache.query(
                language: "python", library: language.grammar.path, source: source, symbols: language.symbols)
            #expect(query.patternsKept == expected)
        }
    }

    @Test func twoBuildsUsedInTurnEachKeepTheirFile() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let language = try python()
        let source = try source(language)
        let builds = ["1000|1.0|7", "2000|2.0|8"].map { CompiledQueryCache(directory: directory, build: $0) }
        for cache in builds {
            _ = try cache.query(
                language: "python", library: language.grammar.path, source: source, symbols: language.symbols)
        }
        for cache in builds {
            let path = cache.path(language: "python", library: language.grammar.path)
            let key = try #require(cache.key(library: language.grammar.path, source: source))
            #expect(cache.payload(at: path, key: key) != nil)
            let query = try cache.query(
                language: "python", library: language.grammar.path, source: source, symbols: language.symbols)
            #expect(query.patterns.isEmpty)  // read from its file, not compiled again
        }
    }

    @Test func aLanguageKeepsTheFilesOfItsLastBuildsOnly() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let language = try python()
        let source = try source(language)
        let builds = (0..<7).map { CompiledQueryCache(directory: directory, build: "\($0)|0.0|1") }
        for (index, cache) in builds.enumerated() {
            _ = try cache.query(
                language: "python", library: language.grammar.path, source: source, symbols: language.symbols)
            // A second apart: files written within one tick of the kernel's clock share a time.
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_000_000 + Double(index))],
                ofItemAtPath: cache.path(language: "python", library: language.grammar.path))
        }
        let kept = builds.map {
            FileManager.default.fileExists(atPath: $0.path(language: "python", library: language.grammar.path))
        }
        let expected =
            Array(repeating: false, count: 7 - CompiledQueryCache.filesPerLanguage)
            + Array(repeating: true, count: CompiledQueryCache.filesPerLanguage)
        #expect(kept == expected)
    }

    @Test func theStandardDirectoryIsBesideTheOtherCaches() {
        #expect(
            CompiledQueryCache.standard(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"])?.directory
                == "/c/mdview/queries")
        #expect(CompiledQueryCache.standard(environment: ["HOME": "/h"])?.directory == "/h/.cache/mdview/queries")
        #expect(CompiledQueryCache.standard(environment: [:]) == nil)
    }
}
