import FoundationEssentials
import Testing

@testable import MarkdownCore

/// Nothing in a document can drive the terminal: after removing the sequences mdview itself writes (SGR
/// and OSC 8 with a percent-encoded ASCII target), no escape, C1 or other control byte is left.
@Suite struct EscapeSafetyTests {
    /// Payloads that would act on a terminal, raw and as the character references cmark decodes.
    static let payloads: [String] = [
        "\u{1B}]52;c;aGVsbG8=\u{07}", "\u{1B}]0;title\u{07}", "\u{1B}[2J", "\u{1B}P1$qm\u{1B}\\", "\u{9B}2J",
        "\u{9D}0;t\u{9C}", "\u{90}q\u{9C}", "\u{07}", "\u{08}\u{7F}", "\r\u{1B}[1A",
        "&#27;]52;c;eA==&#7;", "&#x1b;[2J", "&#155;2J", "&#x9d;0;t&#x9c;", "&#7;", "&#27;P+q&#27;\\",
    ]

    /// Every construct with the payload placed in it.
    static func documents(with p: String) -> [String] {
        [
            "# heading \(p)", "para \(p) *em \(p)* **strong \(p)** ~~del \(p)~~", "`code \(p)`",
            "[link \(p)](http://x.org/\(p) \"title \(p)\")", "<http://auto.org/\(p)>", "https://www.x.org/\(p)",
            "![alt \(p)](img\(p).png \"t \(p)\")", "```lang\(p) more \(p)\ncode \(p)\n```", "    indented \(p)",
            "> quote \(p)", "- item \(p)\n  - nested \(p)", "1. one \(p)", "- [ ] task \(p)",
            "| h \(p) | x |\n|---|---|\n| c \(p) | y |", "<div>\n\(p)\n</div>", "a <span title=\"\(p)\">\(p)</span>",
            "note[^1]\n\n[^1]: foot \(p)", "---\nfront: \(p)\n---\nbody", "line\\\nbreak \(p)",
            "[ref \(p)][r]\n\n[r]: http://r.org/\(p) \"rt \(p)\"",
            // HTML as GitHub shows it, alerts, emoji and badges.
            "<p align=\"center\">\(p)</p>", "a <kbd>\(p)</kbd> <sup>\(p)</sup> <mark>\(p)</mark>",
            "<img alt=\"\(p)\" src=\"x\(p).png\">", "<a href=\"http://x.org/\(p)\">\(p)</a>",
            "<details><summary>\(p)</summary>\n\n\(p)\n\n</details>", "<pre>\(p)</pre>",
            "<table><tr><th>\(p)</th></tr><tr><td>\(p)</td></tr></table>", "<dl><dt>\(p)</dt><dd>\(p)</dd></dl>",
            "> [!NOTE]\n> \(p)", ":rocket: \(p)", "![\(p)](https://img.shields.io/badge/a\(p)-b\(p)-red)",
        ]
    }

    /// Removes the escape sequences mdview itself produces; what is left must be inert.
    static func strippingOwnSequences(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") {
                var j = i + 2
                while j < bytes.count, (bytes[j] >= 0x30 && bytes[j] <= 0x39) || bytes[j] == UInt8(ascii: ";") {
                    j += 1
                }
                if j < bytes.count, bytes[j] == UInt8(ascii: "m") {
                    i = j + 1
                    continue
                }
            }
            if bytes[i] == 0x1B, bytes[i...].starts(with: Array("\u{1B}]8;;".utf8)) {
                var j = i + 5
                while j < bytes.count, bytes[j] > 0x20, bytes[j] < 0x7F { j += 1 }
                if j + 1 < bytes.count, bytes[j] == 0x1B, bytes[j + 1] == UInt8(ascii: "\\") {
                    i = j + 2
                    continue
                }
            }
            out.append(bytes[i])
            i += 1
        }
        return out
    }

    static func dangerousByte(in bytes: [UInt8]) -> Int? {
        let text = String(decoding: bytes, as: UTF8.self)
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let v = scalar.value
            if (v < 0x20 && v != 0x0A) || (0x7F..<0xA0).contains(v) { return offset }
        }
        return nil
    }

    @Test(arguments: payloads)
    func noPayloadReachesTheTerminalInAnyConstruct(payload: String) {
        let caps = TerminalCapabilities(width: 60, colorDepth: .trueColor, hyperlinks: true)
        let renderer = MarkdownRenderer(capabilities: caps)
        for document in Self.documents(with: payload) {
            let bytes = renderer.render(document)
            let rest = Self.strippingOwnSequences(bytes)
            #expect(
                Self.dangerousByte(in: rest) == nil,
                "payload \(payload.debugDescription) leaks in \(document.debugDescription)")
        }
    }

    @Test(arguments: payloads)
    func plainOutputHasNoControlByteAtAll(payload: String) {
        let renderer = MarkdownRenderer(capabilities: .plain(width: 60))
        for document in Self.documents(with: payload) {
            let bytes = renderer.render(document)
            #expect(
                Self.dangerousByte(in: bytes) == nil,
                "payload \(payload.debugDescription) leaks in \(document.debugDescription)")
        }
    }

    @Test func hyperlinkTargetsArePercentEncodedASCII() {
        let target = LinkTarget.resolve("http://x.org/a b\u{1B}\\\"é", against: nil)
        #expect(target == "http://x.org/a%20b%1B%5C%22%C3%A9")
    }

    @Test func stripperOnlyRemovesWellFormedOwnSequences() {
        let bytes = Array("\u{1B}[0;1mok\u{1B}[2J\u{1B}]8;;http://a\u{1B}\\x".utf8)
        #expect(Self.strippingOwnSequences(bytes) == Array("ok\u{1B}[2Jx".utf8))
    }
}

@Suite struct LinkTargetTests {
    @Test func relativePathsResolveAgainstTheDocumentsDirectory() {
        let base = URL(fileURLWithPath: "/docs/project", isDirectory: true)
        #expect(LinkTarget.resolve("guide/intro.md#setup", against: base) == "file:///docs/project/guide/intro.md")
    }

    @Test func absolutePathsStayAbsolute() {
        let base = URL(fileURLWithPath: "/docs/project", isDirectory: true)
        #expect(LinkTarget.resolve("/etc/hosts", against: base) == "file:///etc/hosts")
    }

    @Test func urlsWithASchemeAreKeptAndAnchorsHaveNoTarget() {
        #expect(LinkTarget.resolve("https://example.com/a?b=c", against: nil) == "https://example.com/a?b=c")
        #expect(LinkTarget.resolve("#section", against: nil) == nil)
    }
}
