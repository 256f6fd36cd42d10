import Testing

@testable import MarkdownCore

@Suite struct GitHubAlertsTests {
    private func blocks(_ markdown: String) -> [Block] {
        DocumentConverter().document(from: markdown).blocks
    }

    @Test(arguments: Alert.Kind.allCases)
    func everyKindBecomesAnAlert(kind: Alert.Kind) {
        #expect(
            blocks("> [!\(kind.rawValue.uppercased())]\n> Body.")
                == [.alert(Alert(kind: kind, blocks: [.paragraph([.text("Body.")])]))])
    }

    @Test func markerIsCaseInsensitive() {
        #expect(blocks("> [!tip]\n> x") == [.alert(Alert(kind: .tip, blocks: [.paragraph([.text("x")])]))])
    }

    @Test func laterBlocksOfTheQuoteBelongToTheAlert() {
        #expect(
            blocks("> [!NOTE]\n> one\n>\n> two")
                == [.alert(Alert(kind: .note, blocks: [.paragraph([.text("one")]), .paragraph([.text("two")])]))])
    }

    @Test func textAfterTheMarkerOnItsLineKeepsAQuote() {
        guard case .blockQuote = blocks("> [!NOTE] same line").first else {
            Issue.record("expected a block quote")
            return
        }
    }

    @Test func unknownKindKeepsAQuote() {
        guard case .blockQuote = blocks("> [!DANGER]\n> x").first else {
            Issue.record("expected a block quote")
            return
        }
    }

    @Test func legacyBoldNoteKeepsAQuote() {
        guard case .blockQuote = blocks("> **Note**\n> x").first else {
            Issue.record("expected a block quote")
            return
        }
    }

    @Test func alertTitleShowsIconAndWordInTheKindsColour() {
        let theme = Theme.dark
        let layout = DocumentLayout(options: LayoutOptions(width: 40, theme: theme))
        let lines = layout.lines(for: DocumentConverter().document(from: "> [!WARNING]\n> Careful."))
        #expect(lines.map(\.plainText) == ["│ ⚠️ Warning", "│ Careful."])
        #expect(lines[0].spans.first?.style == theme.alert(.warning))
        #expect(lines[0].spans.last?.style.foreground == theme.alert(.warning).foreground)
    }
}
