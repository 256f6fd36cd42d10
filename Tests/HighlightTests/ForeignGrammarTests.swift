import Foundation
import Testing

@testable import Highlight

/// Grammars other tools installed are found when mdview's own directories lack the language.
@Suite struct ForeignGrammarTests {
    /// Lays out `<root>/<grammars>/python.so` and `<root>/queries/python/highlights.scm` like Helix and
    /// Neovim do.
    func layOut(grammarDirectory: String, in root: String) throws {
        let python = try Grammars.require("python")
        let fm = FileManager.default
        try fm.createDirectory(atPath: "\(root)/\(grammarDirectory)", withIntermediateDirectories: true)
        try fm.copyItem(atPath: python.grammar.path, toPath: "\(root)/\(grammarDirectory)/python.so")
        let queries = "\(root)/\(grammarDirectory)/../queries/python"
        try fm.createDirectory(atPath: queries, withIntermediateDirectories: true)
        try "(identifier) @variable\n(integer) @number\n".write(
            toFile: "\(queries)/highlights.scm", atomically: true, encoding: .utf8)
    }

    func scratch() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("mdview-foreign-\(UUID().uuidString)").path
    }

    @Test func helixRuntimeGrammarIsUsedWithItsQuery() throws {
        let home = scratch()
        try layOut(grammarDirectory: ".config/helix/runtime/grammars", in: home)
        let path = GrammarSearchPath.standard(explicitDirectory: nil, environment: ["HOME": home], executableURL: nil)
        let highlighter = TreeSitterHighlighter(searchPath: path)
        #expect(highlighter.tokens(for: "x = 1\n", language: "python")?.map(\.capture) == ["variable", "number"])
        let status = try #require(highlighter.languageStatuses().first { $0.id == "python" })
        #expect(status.grammarPath == "\(home)/.config/helix/runtime/grammars/python.so")
    }

    @Test func neovimPluginManagerParserDirectoryIsFound() throws {
        let home = scratch()
        try layOut(grammarDirectory: ".local/share/nvim/site/pack/packer/start/nvim-treesitter/parser", in: home)
        let path = GrammarSearchPath.standard(explicitDirectory: nil, environment: ["HOME": home], executableURL: nil)
        let highlighter = TreeSitterHighlighter(searchPath: path)
        #expect(highlighter.tokens(for: "x = 1\n", language: "py")?.map(\.capture) == ["variable", "number"])
    }

    @Test func ownDirectoryComesBeforeOtherTools() throws {
        let home = scratch()
        try layOut(grammarDirectory: ".local/share/nvim/site/parser", in: home)
        let own = try #require(Grammars.searchPath.entries.first { $0.layout == .mdview }).directory
        let path = GrammarSearchPath.standard(explicitDirectory: own, environment: ["HOME": home], executableURL: nil)
        let status = try #require(
            TreeSitterHighlighter(searchPath: path).languageStatuses().first { $0.id == "python" })
        #expect(status.grammarPath == "\(own)/python.so")
    }
}
