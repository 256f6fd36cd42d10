import Testing

@testable import MarkdownCore
@testable import MarkdownImages

@Suite struct HTMLImageScannerTests {
    @Test func centeredLogoKeepsAltAndWidthBound() {
        let refs = HTMLImageScanner.images(in: #"<p align="center"><img src="logo.png" alt="Logo" width="200"></p>"#)
        #expect(refs == [ImageReference(sources: ["logo.png"], alt: "Logo", width: 200)])
    }

    @Test func badgesInsideLinksAreFoundInOrder() {
        let html =
            #"<a href="https://ci"><img src='https://img.shields.io/a.svg' alt=build></a> <a href=x><IMG SRC=b.png ALT="B &amp; C" height=20px /></a>"#
        let refs = HTMLImageScanner.images(in: html)
        #expect(refs.map(\.sources) == [["https://img.shields.io/a.svg"], ["b.png"]])
        #expect(refs.map(\.alt) == ["build", "B & C"])
        #expect(refs[1].height == 20)
    }

    @Test func pictureOffersTheThemesSourceFirstThenTheImg() {
        let html = """
            <picture>
              <source media="(prefers-color-scheme: light)" srcset="light.png">
              <source media="(prefers-color-scheme: dark)" srcset="dark.png 1x, dark@2x.png 2x">
              <img alt="Shows a logo" src="fallback.png">
            </picture>
            """
        #expect(
            HTMLImageScanner.images(in: html) == [
                ImageReference(sources: ["dark.png", "fallback.png"], alt: "Shows a logo")
            ])
        #expect(HTMLImageScanner.images(in: html, prefersDark: false).first?.sources == ["light.png", "fallback.png"])
    }

    @Test func commentsAndOtherTagsAreIgnored() {
        #expect(HTMLImageScanner.images(in: "<!-- <img src=a.png> --><div>text</div><img alt=nosrc>").isEmpty)
        #expect(HTMLImageScanner.images(in: "<img src=\"unterminated").count == 1)
        #expect(HTMLImageScanner.images(in: "<").isEmpty)
    }

    /// The parser reads images out of HTML once; the images a document lists (and the resolve stage
    /// loads) are exactly the ones layout shows: a `<picture>` in an HTML block with all its candidates,
    /// an inline `<img>` tag on its own (inline HTML arrives one tag per node, so a `<picture>` inside a
    /// paragraph contributes only its `<img>`).
    @Test func documentImagesAreTheOnesTheParserFoundInHTML() {
        let doc = DocumentConverter().document(
            from: """
                <p align="center"><img src="logo.png" alt="Logo"></p>

                <div><picture><source media="(prefers-color-scheme: dark)" srcset="d.png"><img src="l.png"></picture></div>

                see <img src="inline.png" alt="x"> and ![md](md.png)
                """)
        #expect(doc.images.map(\.sources) == [["logo.png"], ["d.png", "l.png"], ["inline.png"], ["md.png"]])
        guard case .paragraph(let inlines) = doc.blocks[2] else {
            Issue.record("expected a paragraph, got \(doc.blocks[2])")
            return
        }
        // Interpreted HTML: an inline <img> is an image like a Markdown one.
        #expect(inlines.contains(.image(doc.images[2])))
        // Raw HTML keeps the tag, with the image the parser found in it.
        let raw = DocumentConverter(options: ParseOptions(html: .raw)).document(
            from: "see <img src=\"inline.png\" alt=\"x\">")
        guard case .paragraph(let rawInlines) = raw.blocks[0] else {
            Issue.record("expected a paragraph, got \(raw.blocks[0])")
            return
        }
        #expect(rawInlines.contains(.htmlImage(html: #"<img src="inline.png" alt="x">"#, image: doc.images[2])))
    }

    @Test func pictureCandidatesFallBackWhenTheFirstFails() throws {
        let html =
            #"<picture><source media="(prefers-color-scheme: dark)" srcset="missing.png"><img src="flag.gif" alt="flag"></picture>"#
        let ref = try #require(HTMLImageScanner.images(in: html).first)
        let (renderer, _) = makeRenderer([ref])
        #expect(renderer.rows(ref, columns: 40) != nil)
    }
}
