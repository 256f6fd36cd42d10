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
        #expect(highlighter.registry.fileSystemAccessCount == 0)
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

    /// Blocks are highlighted on libdispatch's global queue, which has a thread per core and adds more
    /// only after a second. A language's first blocks must never wait there for work queued behind
    /// them (its query being read): more blocks than cores, all of one language not loaded yet, render
    /// in far less than that second.
    @Test func manyBlocksOfANewLanguageNeverWaitForTheThreadPool() throws {
        _ = try Grammars.require("python")
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let markdown = (0..<count).map { "```python\nx = \($0)\n```\n" }.joined(separator: "\n")
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        let renderer = MarkdownRenderer(
            capabilities: TerminalCapabilities(width: 40, colorDepth: .trueColor), highlighter: highlighter)
        let start = DispatchTime.now().uptimeNanoseconds
        _ = renderer.render(markdown)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        #expect(milliseconds < 900, "rendering \(count) blocks took \(milliseconds) ms")
    }
}
