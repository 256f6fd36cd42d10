import Testing

@testable import MarkdownCore

/// A top-level list of many items is laid out and written a run of items at a time, so that only one
/// run's lines are alive; the runs give exactly the whole list's bytes.
@Suite struct ListSliceTests {
    static func renderer(itemsPerSlice: Int = LayoutSlice.standardItemsPerSlice) -> MarkdownRenderer {
        var renderer = MarkdownRenderer(capabilities: TerminalCapabilities(width: 40, colorDepth: .trueColor))
        renderer.listItemsPerSlice = itemsPerSlice
        return renderer
    }

    static let lists: [String] = {
        let crossingAWidth = (1...150).map { "\($0). step \($0)" }.joined(separator: "\n")
        let fromNinetyFive = (95...105).map { "\($0)) step" }.joined(separator: "\n")
        let tasks = (0..<40).map { $0 % 3 == 0 ? "- [x] done \($0)" : "- [ ] todo \($0)" }.joined(separator: "\n")
        let loose = (0..<40).map { "* item \($0) with *emphasis*\n" }.joined(separator: "\n")
        let nested = (0..<30).map { "- item \($0)\n  1. nested\n  2. nested" }.joined(separator: "\n")
        let frontMatterAndFootnote =
            "---\ntitle: x\n---\n" + (0..<30).map { "- item \($0)[^n]" }.joined(separator: "\n")
            + "\n\n[^n]: A note.\n"
        return [crossingAWidth, fromNinetyFive, tasks, loose, nested, frontMatterAndFootnote]
    }()

    @Test(arguments: lists)
    func aListInRunsOfItemsGivesTheWholeListsBytes(list: String) {
        let markdown = "Before.\n\n" + list + "\n\nAfter.\n"
        let whole = Self.renderer().render(markdown)
        for itemsPerSlice in [1, 2, 7] {
            #expect(Self.renderer(itemsPerSlice: itemsPerSlice).render(markdown) == whole, "runs of \(itemsPerSlice)")
        }
    }

    @Test func aListFirstAndLastInTheDocumentGivesTheWholeListsBytes() {
        let markdown = (1...20).map { "\($0). item" }.joined(separator: "\n") + "\n"
        #expect(Self.renderer(itemsPerSlice: 3).render(markdown) == Self.renderer().render(markdown))
    }

    @Test func aLongListIsWrittenInRunsOfItems() {
        let markdown = (0..<10).map { "- item \($0)" }.joined(separator: "\n") + "\n\nAfter.\n"
        var writes: [String] = []
        Self.renderer(itemsPerSlice: 4).render(markdown) { writes.append(String(decoding: $0, as: UTF8.self)) }
        let itemsPerWrite = writes.map { $0.components(separatedBy: "item").count - 1 }
        #expect(itemsPerWrite == [4, 4, 2, 0])
    }

    /// Random lists of every kind of item, with random runs: the bytes are the whole list's.
    @Test func randomListsInRandomRunsGiveTheWholeListsBytes() {
        let pool = [
            "- item", "- [ ] task", "- [x] done", "  continued", "", "  - nested", "  1. nested number",
            "- *open", "close* item", "- `code`", "- a long item that wraps over more than one line of forty columns",
            "  ```", "  code", "  > quote",
        ]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        for _ in 0..<60 {
            let ordered = next() % 2 == 0
            var lines: [String] = []
            for index in 0..<(10 + next() % 30) {
                let line = pool[next() % pool.count]
                if line.hasPrefix("- "), ordered {
                    lines.append("\(next() % 3 == 0 ? 998 + index : index). " + line.dropFirst(2))
                } else {
                    lines.append(line)
                }
            }
            let markdown = (ordered ? "1. first\n" : "- first\n") + lines.joined(separator: "\n") + "\n"
            let whole = Self.renderer().render(markdown)
            #expect(Self.renderer(itemsPerSlice: 1 + next() % 4).render(markdown) == whole, "\(markdown)")
        }
    }
}
