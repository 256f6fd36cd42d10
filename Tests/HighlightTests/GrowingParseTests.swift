import CTreeSitter
import Foundation
import MarkdownCore
import TestSupport
import Testing

@testable import Highlight

/// A block that grows (a code fence while it streams) is parsed incrementally from the last tree: the
/// tokens must be exactly those of a fresh parse, at every length.
@Suite struct GrowingParseTests {
    /// Each sample repeated so that the block grows over many lines, and cut at every line end and in
    /// the middle of lines.
    @Test(arguments: Array(Set(languageSamples.map(\.language) + ["c", "json"])).sorted())
    func tokensOfABlockGrowingALineAtATimeEqualThoseOfAFreshParse(language: String) throws {
        let base = languageSamples.first { $0.language == language }?.code ?? parseSamples[language] ?? ""
        _ = try Grammars.require(language)
        let code = String(repeating: base + "\n", count: 6)
        let growing = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        var cuts: [Int] = []
        for (offset, byte) in code.utf8.enumerated() where byte == 0x0A { cuts += [max(1, offset - 3), offset + 1] }
        for cut in cuts {
            let prefix = String(decoding: code.utf8.prefix(cut), as: UTF8.self)
            let incremental = growing.tokens(for: prefix, language: language)
            let fresh = TreeSitterHighlighter(searchPath: Grammars.searchPath).tokens(for: prefix, language: language)
            #expect(incremental == fresh, "\(language), first \(cut) bytes")
        }
    }

    @Test func theEditedTreeCoversTheAppendedText() throws {
        let language = try Grammars.require("python")
        let growing = GrowingParse()
        let first = Array("def f(x):\n    return x\n".utf8)
        let highlighted = TreeHighlighting.tokens(
            code: first, language: language, timeoutMicros: 1_000_000, background: BackgroundWork(), growing: growing)
        #expect((try? highlighted.get()) != nil)
        let longer = first + Array("def g(y):\n    return y\n".utf8)
        let tree = try #require(growing.oldTree(language: language.descriptor.id, code: longer))
        defer { ts_tree_delete(tree) }
        #expect(ts_node_end_byte(ts_tree_root_node(tree)) >= UInt32(first.count))
        #expect(growing.oldTree(language: language.descriptor.id, code: Array("other".utf8)) == nil)
    }
}
