import Testing

@testable import MarkdownCore

/// A long top-level list cut between its items is handed out a piece per section, so that no part holds
/// all its items; the render lays out every piece numbered, spaced and aligned as the whole list.
@Suite struct ListPieceTests {
    static func items(_ count: Int, marker: (Int) -> String, text: (Int) -> String = { "item \($0)" }) -> String {
        (0..<count).map { "\(marker($0)) \(text($0))" }.joined(separator: "\n") + "\n"
    }

    @Test func aLongListIsHandedOutInPiecesThatSayWhereTheyStand() throws {
        let markdown = "Before.\n\n" + Self.items(300, marker: { _ in "-" }) + "\nAfter.\n"
        var parts = DocumentConverter().parts(of: markdown, minimumSize: 0, sectionSize: 500)
        parts.splitsLongLists = true
        var pieces: [(items: Int, piece: DocumentParts.ListPiece)] = []
        while let part = parts.next() {
            let items = part.blocks.reduce(0) { if case .list(let list) = $1 { $0 + list.items.count } else { $0 } }
            pieces.append((items, parts.listPiece))
        }
        #expect(pieces.count > 5)
        #expect(pieces.allSatisfy { $0.items < 300 })
        #expect(pieces.reduce(0) { $0 + $1.items } == 300)
        #expect(pieces.first?.piece == DocumentParts.ListPiece(itemsBefore: nil, continues: true))
        #expect(pieces.last?.piece.continues == false)
        var itemsBefore = pieces[0].items
        for entry in pieces.dropFirst() where entry.items > 0 {
            #expect(entry.piece.itemsBefore == itemsBefore)
            itemsBefore += entry.items
        }
    }

    @Test func laterPiecesAreReadAheadForTheWholeList() throws {
        let markdown = Self.items(200, marker: { _ in "1." }) + "\n- [ ] loose\n\n- [x] done\n"
        var parts = DocumentConverter().parts(of: markdown, minimumSize: 0, sectionSize: 300)
        parts.splitsLongLists = true
        let next = parts.next()
        let first = try #require(next)
        #expect(parts.listPiece.continues)
        var later = 0
        parts.forEachLaterListPiece { list, _ in later += list.items.count }
        guard case .list(let list)? = first.blocks.last else {
            Issue.record("the first part does not end with the list")
            return
        }
        #expect(list.items.count + later == 200)
    }

    /// The blank line that makes a list loose can be inside its last item, in a section cut inside that
    /// item's paragraph: the pieces before it are spaced as the whole list, and numbered as wide (nine
    /// items, the last cut in two, are still nine).
    @Test(arguments: ["*", "1."])
    func aListMadeLooseInsideItsLastItemIsSpacedFromItsFirstPiece(marker: String) {
        let line = String(repeating: " ", count: marker.count + 1) + "a line of an item's paragraph, sixty bytes long"
        let items = (1...9).map { "\(marker) item \($0)\n\(line)\n" }.joined()
        let markdown = "```\n```\n\n" + items + "\(line)\n\n  after\n"
        let whole = MarkdownRenderer(capabilities: TerminalCapabilities(width: 40, colorDepth: .none))
        #expect(String(decoding: whole.render(markdown), as: UTF8.self).contains("long\n\n"))
        for size in stride(from: 40, through: 200, by: 20) {
            var sectioned = whole
            sectioned.sectioning = (minimum: 0, section: size)
            var bytes: [UInt8] = []
            sectioned.render(markdown) { bytes += $0 }
            #expect(bytes == whole.render(markdown), "sections of \(size)")
        }
    }

    /// Ordered lists whose numbers get wider late, a tight list made loose by its last items, task
    /// items, items holding code and nested lists, lists between images and with footnotes: rendered
    /// with lists in pieces, in sections and runs of every size, the bytes are the whole render's.
    @Test(arguments: [1, 3, 4_096])
    func aListInPiecesRendersAsTheWhole(itemsPerRun: Int) {
        let ordered = Self.items(120, marker: { _ in "7." })
        let loosened = Self.items(90, marker: { _ in "*" }) + "* late\n\n* loose item\n"
        let tasks = Self.items(80, marker: { $0 % 2 == 0 ? "- [ ]" : "- [x]" }, text: { "task *\($0)*[^n\($0 % 3)]" })
        let nested = Self.items(
            60, marker: { _ in "+" }, text: { "item \($0)\n  ```swift\n  let x = \($0)\n  ```\n  - inner \($0)" })
        let markdown =
            "# Lists\n\n" + ordered + "\nText.\n\n" + loosened + "\n![alt](missing.png)\n\n" + tasks + "\n" + nested
            + "\n99. last list\n100. wider\n\n[^n0]: zero\n[^n1]: one\n[^n2]: two\n"
        let whole = MarkdownRenderer(capabilities: TerminalCapabilities(width: 40, colorDepth: .trueColor))
        for size in [60, 700] {
            var sectioned = whole
            sectioned.sectioning = (minimum: 0, section: size)
            sectioned.listItemsPerSlice = itemsPerRun
            var bytes: [UInt8] = []
            sectioned.render(markdown) { bytes += $0 }
            #expect(bytes == whole.render(markdown), "sections of \(size), runs of \(itemsPerRun)")
        }
    }
}
