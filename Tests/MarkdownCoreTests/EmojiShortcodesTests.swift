import Testing

@testable import MarkdownCore

@Suite struct EmojiShortcodesTests {
    private func blocks(_ markdown: String, emoji: Bool = true) -> [Block] {
        DocumentConverter(options: ParseOptions(emojiShortcodes: emoji)).document(from: markdown).blocks
    }

    @Test func knownShortcodesBecomeEmoji() {
        #expect(blocks("go :rocket: :+1: :white_check_mark:") == [.paragraph([.text("go 🚀 👍 ✅")])])
    }

    @Test func adjacentShortcodesBothConvert() {
        #expect(blocks(":tada::tada:") == [.paragraph([.text("🎉🎉")])])
    }

    @Test func unknownNamesAndTimesStayAsWritten() {
        #expect(blocks(":shipit: :not_an_emoji: 10:30:00") == [.paragraph([.text(":shipit: :not_an_emoji: 10:30:00")])])
    }

    @Test func shortcodesBetweenNonASCIITextConvert() {
        #expect(blocks("café:rocket:日本 ü :tada:é") == [.paragraph([.text("café🚀日本 ü 🎉é")])])
    }

    @Test func aColonJoinedByACombiningMarkIsNoDelimiter() {
        // The reader sees `:́`, one character, not a colon: the name is not closed.
        #expect(blocks(":rocket:\u{301} x") == [.paragraph([.text(":rocket:\u{301} x")])])
        #expect(blocks("a:no_such_name:rocket:") == [.paragraph([.text("a:no_such_name🚀")])])
    }

    @Test func textWithManyColonsAndNoShortcodeIsUnchanged() {
        let text = (0..<200).map { "Line \($0): a:b c: :d e:f" }.joined(separator: " ")
        #expect(EmojiShortcodes.replacing(in: text) == text)
    }

    @Test func codeSpansAndBlocksKeepShortcodes() {
        #expect(blocks("`:rocket:`") == [.paragraph([.code(":rocket:")])])
        #expect(blocks("```\n:rocket:\n```") == [.codeBlock(CodeBlock(info: "", code: ":rocket:", isFenced: true))])
    }

    @Test func shortcodesInEmphasisAndLinkTextConvert() {
        #expect(
            blocks("*a :fire:* [b :link:](https://x.org)") == [
                .paragraph([
                    .emphasis([.text("a 🔥")]), .text(" "),
                    .link(Link(destination: "https://x.org", content: [.text("b 🔗")])),
                ])
            ])
    }

    @Test func autolinkTextIsLeftAlone() {
        guard case .paragraph(let inlines) = blocks("https://example.com/:rocket:/x").first,
            case .link(let link) = inlines.first
        else {
            Issue.record("expected an autolink")
            return
        }
        #expect(Inline.plainText(link.content) == "https://example.com/:rocket:/x")
    }

    @Test func noEmojiLeavesShortcodes() {
        #expect(blocks(":rocket:", emoji: false) == [.paragraph([.text(":rocket:")])])
    }

    @Test func shortcodesInHeadingsAndTablesConvert() {
        #expect(blocks("# :zap: Fast") == [.heading(level: 1, [.text("⚡ Fast")])])
        guard case .table(let table) = blocks("| a |\n|---|\n| :x: |").first else {
            Issue.record("expected a table")
            return
        }
        #expect(table.rows == [[[.text("❌")]]])
    }
}
