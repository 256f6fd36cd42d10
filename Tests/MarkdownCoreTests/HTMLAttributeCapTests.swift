import CHTMLTokens
import Glibc
import Testing

@testable import MarkdownCore

/// What reaches libxml2 is bounded per tag: its attribute check is quadratic in a tag's attributes, so a
/// start tag keeps at most `MDV_HTML_MAX_TAG_ATTRIBUTES` of them, and the text around it is kept.
@Suite struct HTMLAttributeCapTests {
    private func capped(_ html: String) -> String? {
        var bytes = Array(html.utf8)
        var length = 0
        let copy = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { mdv_html_cap_attributes($0.baseAddress, $0.count, &length) }
        }
        guard let copy else { return nil }
        defer { free(copy) }
        bytes = Array(UnsafeBufferPointer(start: copy, count: length)).map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func attributes(_ count: Int) -> String {
        (0..<count).map { " a\($0)=\"v \($0)\"" }.joined()
    }

    @Test func ordinaryHTMLIsHandedOnUnchanged() {
        #expect(capped("<p align=\"center\" class='x' hidden>text</p> a < b > c") == nil)
        #expect(capped("<img" + attributes(256) + ">") == nil)
    }

    @Test func attributesPastTheCapAreLeftOutUpToTheTagsEnd() throws {
        let html = "before <p" + attributes(300) + " title='x > y'>text</p> after"
        let result = try #require(capped(html))
        #expect(result == "before <p" + attributes(256) + " >text</p> after")
    }

    @Test func aTagWithTwoHundredThousandAttributesKeepsItsText() {
        let html = "<p" + (0..<200_000).map { " x\($0)" }.joined() + ">kept</p>"
        let blocks = DocumentConverter(options: ParseOptions(html: .render)).document(from: html).blocks
        #expect(blocks == [.paragraph([.text("kept")])])
    }
}
