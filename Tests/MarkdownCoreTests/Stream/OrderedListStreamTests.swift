import FoundationEssentials
import Testing

@testable import MarkdownCore

/// Nothing of an open ordered list is final before it ends (a later item's wider number moves every
/// marker): `--stream always` writes it whole once it has ended, whatever ends it, exactly.
@Suite struct OrderedListStreamTests {
    static let renderer = MarkdownStreamTests.renderer

    /// A tight ordered list of `count` items across 9 → 10 and 99 → 100, with continuation lines and
    /// nested blocks indented to each item's content.
    static func items(_ count: Int, delimiter: String = ".", gap: String = "") -> String {
        (1...count).map { number in
            let indent = String(repeating: " ", count: "\(number)".count + 2)
            switch number % 4 {
            case 1: return "\(number)\(delimiter) item **\(number)** `code`\n\(indent)continued *text*\n"
            case 2: return "\(number)\(delimiter) ```\n\(indent)code \(number)\n\(indent)```\n"
            case 3: return "\(number)\(delimiter) item\n\(indent)- nested\n"
            default: return "\(number)\(delimiter) plain item \(number)\n"
            }
        }.joined(separator: gap)
    }

    @Test func linesThatOnlyContinueAnOpenOrderedListFinishNothing() {
        var stream = MarkdownStream(renderer: Self.renderer)
        stream.feed("1. first\n")
        _ = stream.update(provisional: false)
        for line in Self.items(120).split(separator: "\n").dropFirst().map({ String($0) + "\n" }) {
            stream.feed(line)
            #expect(stream.update(provisional: false).final.isEmpty)
        }
    }

    /// Whatever may end the list, the stream stays exact: another delimiter, a
    /// bullet, a lazy line, a line indented less than the last item's content (after `100. ```` a
    /// four-space line is no longer in the item: the list ends and an indented code block starts), also
    /// after blank lines, a tab, a thematic break, an item whose marker is followed by more spaces; and
    /// blank lines followed by an item or a line indented into the last item, which continue it.
    @Test(arguments: [
        "\n\n  two spaces after blank lines\n", "\n\nAfter blank lines.\n", "3) other\n", "- bullet\n", "lazy line\n",
        "    four spaces\n", "  two spaces\n", "\tx\n", "---\n", "101.  two spaces\n", "1234567890. ten digits\n",
        "\n101. after a blank\n", "\n\n     five spaces after blank lines\n",
    ])
    func whatMayEndTheListStreamsExactly(closing: String) {
        let text = Self.items(100) + "100. ```\n     code\n" + closing + "After.\n"
        let expected = Self.renderer.lines(for: text)
        for size in [1, 7, 64] {
            #expect(
                MarkdownStreamTests.streamed(Array(text.utf8), pieces: size) == expected,
                "\(closing.debugDescription) in pieces of \(size)")
        }
    }

    /// In any pieces, a tight or loose list streams exactly.
    @Test(arguments: [(".", ""), (")", ""), (".", "\n"), (")", "\n\n")])
    func aLongOrderedListStreamedWithoutProvisionalLinesStreamsExactly(delimiter: String, gap: String) {
        let text = Self.items(130, delimiter: delimiter, gap: gap) + "\nAfter.\n"
        let bytes = Array(text.utf8)
        let expected = Self.renderer.lines(for: text)
        for size in [1, 7, 64, 4096] {
            var stream = MarkdownStream(renderer: Self.renderer)
            var lines: [StyledLine] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + size)
                stream.feed(bytes[start..<end])
                lines += stream.update(provisional: false).final
                start = end
            }
            lines += stream.finish()
            #expect(lines == expected, "pieces of \(size)")
        }
    }
}
