import Testing

@testable import MarkdownCore

@Suite struct BadgeTests {
    private func badge(_ url: String, alt: String = "") -> Badge? {
        Badge(ImageReference(sources: [url], alt: alt))
    }

    @Test func shieldsStaticBadgeCarriesLabelMessageAndColour() {
        #expect(
            badge("https://img.shields.io/badge/build-passing-brightgreen")
                == Badge(label: "build", message: "passing", color: .rgb(0x44, 0xcc, 0x11)))
    }

    @Test func shieldsEscapesAreDecoded() {
        #expect(
            badge("https://img.shields.io/badge/made_with-1.2--beta__x%2Fy-ff69b4.svg?style=flat")
                == Badge(label: "made with", message: "1.2-beta_x/y", color: .rgb(0xff, 0x69, 0xb4)))
    }

    @Test func twoPartStaticBadgeHasNoLabel() {
        #expect(
            badge("https://img.shields.io/badge/v1.0-blue")
                == Badge(label: "", message: "v1.0", color: .rgb(0, 0x7e, 0xc6)))
    }

    @Test func dynamicBadgesShowTheirAltText() {
        #expect(
            badge("https://img.shields.io/pypi/v/x.svg", alt: "PyPI") == Badge(label: "", message: "PyPI", color: nil))
        #expect(
            badge("https://github.com/o/r/actions/workflows/ci.yml/badge.svg", alt: "CI")
                == Badge(label: "", message: "CI", color: nil))
    }

    @Test func remoteSVGsAreBadges() {
        #expect(
            badge("https://design.vapor.codes/images/mitlicense.svg", alt: "MIT License")
                == Badge(label: "", message: "MIT License", color: nil))
    }

    @Test func aBlankLabelLeavesAOnePartBadge() {
        #expect(
            badge("https://img.shields.io/badge/%20-@codevapor-b18bd4.svg?logo=mastodon")
                == Badge(label: "", message: "@codevapor", color: .rgb(0xb1, 0x8b, 0xd4)))
    }

    @Test func htmlLinksAroundABadgeKeepItCompact() {
        let markdown =
            "<p>\n  <a href=\"https://x.org\">\n    <img src=\"https://x.org/ci.svg\" alt=\"CI\">\n  </a>\n</p>"
        let lines = MarkdownRenderer(capabilities: .plain(width: 80)).lines(for: markdown)
        #expect(lines.map(\.plainText) == ["[CI]"])
    }

    @Test func ordinaryPicturesAreNotBadges() {
        #expect(badge("https://example.com/screenshot.png", alt: "Screenshot") == nil)
        #expect(badge("docs/logo.png", alt: "Logo") == nil)
    }

    @Test func aRowOfBadgesStaysOneCompactLine() {
        let markdown = """
            [![Build](https://img.shields.io/badge/build-passing-brightgreen)](https://ci.example.com)
            [![PyPI](https://img.shields.io/pypi/v/x.svg)](https://pypi.org/p/x)
            ![License](https://img.shields.io/badge/license-MIT-blue)
            """
        let lines = MarkdownRenderer(capabilities: .plain(width: 80)).lines(for: markdown)
        #expect(lines.map(\.plainText) == ["[build\u{A0}│\u{A0}passing] [PyPI] [license\u{A0}│\u{A0}MIT]"])
    }
}
