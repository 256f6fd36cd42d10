import Foundation
import MarkdownCore
import TestSupport
import Testing

@testable import Highlight

/// The highlighter inside the real renderer: lazy, and never changing the text.
@Suite struct RenderingTests {
    func strip(_ bytes: [UInt8]) -> String {
        String(decoding: ANSIText.strippingCSI(bytes), as: UTF8.self)
    }

    @Test func documentWithoutCodeLoadsNoGrammarAndTouchesNoFile() {
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        let renderer = MarkdownRenderer(
            capabilities: TerminalCapabilities(width: 80, colorDepth: .trueColor), highlighter: highlighter)
        _ = renderer.render("# Title\n\nSome *text* and `code`.\n\n- a list\n")
        #expect(LanguageCatalog.all.allSatisfy { highlighter.registry.existingOutcome(for: $0) == nil })
    }

    @Test func highlightedBlockStrippedOfColourIsTheUnhighlightedBlock() throws {
        _ = try Grammars.require("python")
        let markdown =
            "```python\ndef greet(name):\n    return \"hi \" * 42  # a long comment that has to wrap at this width\n```\n"
        let capabilities = TerminalCapabilities(width: 40, colorDepth: .trueColor)
        let plain = MarkdownRenderer(capabilities: capabilities).render(markdown)
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        let coloured = MarkdownRenderer(capabilities: capabilities, highlighter: highlighter).render(markdown)
        #expect(coloured != plain)
        #expect(strip(coloured) == strip(plain))
    }

    /// More blocks than cores, all of one language not loaded yet: the renderer's background work and
    /// layout ask for the language at once, it is loaded once (one search of the file system), and
    /// every block comes out coloured. (How long that takes is `make bench`'s business.)
    @Test func manyBlocksOfANewLanguageLoadItOnceAndAreAllColoured() throws {
        _ = try Grammars.require("python")
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let markdown = (0..<count).map { "```python\nx = \($0)\n```\n" }.joined(separator: "\n")
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        let renderer = MarkdownRenderer(
            capabilities: TerminalCapabilities(width: 40, colorDepth: .trueColor), highlighter: highlighter)
        let lines = renderer.lines(for: markdown)
        #expect(
            LanguageCatalog.all.filter { highlighter.registry.existingOutcome(for: $0) != nil }.map(\.id) == ["python"])
        for index in 0..<count {
            let line = lines.first { $0.plainText.hasSuffix("x = \(index)") }
            // Gutter, then the code in more than one colour.
            #expect(Set(line?.spans.dropFirst().map(\.style) ?? []).count > 1, "block \(index) is not coloured")
        }
    }
}
