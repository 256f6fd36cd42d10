import Testing

@testable import MarkdownCore

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

    @Test func documentImagesIncludeHTMLBlocksAndInlineHTML() {
        let doc = Document(blocks: [
            .htmlBlock(#"<p align="center"><img src="logo.png" alt="Logo"></p>"#),
            .paragraph([
                .text("see "), .html("<picture>"),
                .html(#"<source media="(prefers-color-scheme: dark)" srcset="d.png">"#),
                .softBreak, .html(#"<img src="l.png" alt="x">"#), .html("</picture>"),
                .image(ImageReference(sources: ["md.png"], alt: "md")),
            ]),
        ])
        #expect(doc.images.map(\.sources) == [["logo.png"], ["d.png", "l.png"], ["md.png"]])
    }

    @Test func pictureCandidatesFallBackWhenTheFirstFails() throws {
        let html =
            #"<picture><source media="(prefers-color-scheme: dark)" srcset="missing.png"><img src="flag.gif" alt="flag"></picture>"#
        let ref = try #require(HTMLImageScanner.images(in: html).first)
        let (renderer, _) = makeRenderer([ref])
        #expect(renderer.render(ref, placement: ImagePlacement(availableColumns: 40)) != nil)
    }
}
