import CTreeSitter
import Foundation
import MarkdownCore
import TestSupport
import Testing

@testable import Highlight
@testable import HighlightQuery

/// An installed grammar as the query engine sees it: the `TSLanguage`, its symbols and its installed
/// query's source. The grammar is found the way the product finds it (`make test` installs grammars
/// first with scripts/install-grammars.sh); a test that needs a missing one fails with a hint.
struct EngineGrammar {
    let language: OpaquePointer
    let symbols: GrammarSymbols
    let querySource: [UInt8]

    private static let registry = LanguageRegistry(
        searchPath: .standard(
            explicitDirectory: nil, environment: ProcessInfo.processInfo.environment, executableURL: nil))

    /// The installed grammar for `alias`, or a test failure saying how to install it.
    static func require(_ alias: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> EngineGrammar {
        switch registry.language(forAlias: alias) {
        case .success(let loaded):
            let source = try FileReader.read(path: loaded.queryPath)
            return EngineGrammar(language: loaded.grammar.language, symbols: loaded.symbols, querySource: source)
        case .failure(.grammarNotFound(let language, let searched))
        where UnbuiltGrammars.contains(language, searchedDirectories: searched):
            try Test.cancel("the \(language) grammar failed to build on this machine (see scripts/install-grammars.sh)")
        case .failure(let error):
            Issue.record("\(missingGrammarHint): \(error)", sourceLocation: sourceLocation)
            throw error
        }
    }

    /// `query` read for this grammar.
    func compile(_ query: String) throws(QueryError) -> CompiledQuery {
        try CompiledQuery(source: Array(query.utf8), symbols: symbols)
    }

    /// The installed query read for this grammar.
    func installedQuery() throws(QueryError) -> CompiledQuery {
        try CompiledQuery(source: querySource, symbols: symbols)
    }

    /// Parses `code`; the caller deletes the tree.
    func parse(_ code: [UInt8]) throws -> OpaquePointer {
        let parser = try #require(ts_parser_new())
        defer { ts_parser_delete(parser) }
        ts_parser_set_language(parser, language)
        return try #require(
            code.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    ts_parser_parse_string(parser, nil, $0, UInt32(buffer.count))
                }
            })
    }

    /// The tokens `query` gives `code`: the engine alone, from a parsed tree to resolved tokens.
    func tokens(_ code: String, query: String) throws -> [SyntaxToken] {
        let compiled = try compile(query)
        let bytes = Array(code.utf8)
        let tree = try parse(bytes)
        defer { ts_tree_delete(tree) }
        let flat = try #require(
            FlatTree(root: ts_tree_root_node(tree), symbols: symbols, expectedCount: 0, keepGoing: { true }))
        return try #require(compiled.tokens(in: flat, code: bytes, keepGoing: { true }))
    }
}
