import Testing

@testable import MarkdownCore
@testable import MarkdownImages

/// SVG through librsvg: a real badge decodes at its size, and every hostile or broken document is
/// refused with a reason (its alt text or text badge shows instead) without librsvg spending its time.
@Suite struct SVGDecoderTests {
    func decode(_ text: String, limits: ImageLimits = .standard) throws(ImageError) -> PixelImage {
        try ImageDecoder(limits: limits).decode(Array(text.utf8))
    }

    /// The RGBA pixel at (x, y).
    func pixel(_ image: PixelImage, _ x: Int, _ y: Int) -> [UInt8] {
        let start = (y * image.width + x) * 4
        return Array(image.pixels[start..<start + 4])
    }

    @Test func aShieldsStyleBadgeDecodesAtItsIntrinsicSize() throws {
        let image = try ImageDecoder().decode(Fixtures.bytes("badge-build-passing.svg"))
        #expect(image.width == 88 && image.height == 20 && image.layout == .rgba)
        // Above the text: the label's grey (#555 under a faint gradient), the message's green (#4c1).
        let label = pixel(image, 3, 3)
        let message = pixel(image, 84, 3)
        #expect(label[3] == 255 && abs(Int(label[0]) - 0x55) < 24 && label[0] == label[1] && label[1] == label[2])
        #expect(message[3] == 255 && message[1] > 160 && message[0] < 110 && message[2] < 60)
        // The rounded corner is transparent.
        #expect(pixel(image, 0, 0)[3] < 128)
    }

    @Test func svgIsRecognisedAfterADeclarationCommentAndDoctype() {
        let text = """
            \u{FEFF}<?xml version="1.0"?>
            <!-- made by hand -->
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
            <svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"/>
            """
        #expect(SVGDecoder.recognises(Array(text.utf8)))
        #expect(!SVGDecoder.recognises(Array("<svgx width='1'/>".utf8)))
        #expect(!SVGDecoder.recognises(Array("<html><svg width='1'/></html>".utf8)))
    }

    @Test func malformedSVGIsRejected() {
        #expect(throws: ImageError.svgRejected("not well-formed XML, or elements nested more than 256 deep")) {
            try decode(SVGFixtures.malformed)
        }
    }

    /// Entities an internal DTD declares are never expanded (the XML "billion laughs"), and the reason
    /// says so rather than calling the XML malformed.
    @Test func anInternalDTDDeclaringEntitiesIsRefusedForThatReason() {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><text>&b;</text></svg>
            """
        #expect(throws: ImageError.svgRejected("its internal DTD declares entities, which mdview never expands")) {
            try decode(text)
        }
    }

    @Test func anSVGWithoutASizeIsRejectedWithLibrsvgsReason() {
        #expect(throws: ImageError.svgRejected("no width and height in pixels and no viewBox")) {
            try ImageDecoder().decode(Fixtures.bytes("badge.svg"))
        }
    }

    @Test func aHugeIntrinsicSizeIsRefusedBeforeRendering() {
        #expect(throws: ImageError.tooLarge(width: 100_000_000, height: 100_000_000)) {
            try decode(SVGFixtures.hugeSize)
        }
    }

    @Test func aLargeSVGWithinTheCapsIsRenderedScaledDownToTheRenderSide() throws {
        let image = try decode(SVGFixtures.wide)
        #expect(image.width == 4096 && image.height == 52)
        #expect(pixel(image, 2000, 25) == [0, 0, 255, 255])
    }

    @Test func nestedUseExpandingToBillionsOfElementsIsRefused() {
        #expect(throws: ImageError.svgTooComplex(maxElements: 20_000, maxChain: 256)) {
            try decode(SVGFixtures.useBomb)
        }
    }

    @Test func aChainOfThousandsOfUseReferencesIsRefused() {
        #expect(throws: ImageError.svgTooComplex(maxElements: 20_000, maxChain: 256)) {
            try decode(SVGFixtures.useChain)
        }
        // Within the instance cap, the chain cap alone refuses it.
        let limits = ImageLimits(maxVectorInstances: 10_000_000, maxVectorReferenceChain: 256)
        #expect(throws: ImageError.svgTooComplex(maxElements: 10_000_000, maxChain: 256)) {
            try decode(SVGFixtures.useChain, limits: limits)
        }
    }

    @Test func aStyleSheetReferencingElementsIsRefusedButPlainStylesAreDrawn() throws {
        #expect(throws: ImageError.svgRejected(SVGDecoder.styleReferences)) { try decode(SVGFixtures.styleReference) }
        let plain = SVGFixtures.styleReference.replacing("url(#p)", with: "#00ff00")
        let image = try decode(plain)
        #expect(pixel(image, 4, 4) == [0, 255, 0, 255])
    }

    @Test func aLogoEmbeddedAsAnSVGDataURLIsDrawn() throws {
        let logo =
            "<svg xmlns='http://www.w3.org/2000/svg' width='14' height='14'><rect width='14' height='14' fill='#f00'/></svg>"
        let image = try decode(SVGFixtures.embedding(Array(logo.utf8), type: "image/svg+xml"))
        #expect(pixel(image, 7, 7) == [255, 0, 0, 255])
        #expect(pixel(image, 17, 2) == [0, 255, 0, 255])
    }

    @Test func embeddedPicturesAreCheckedAgainstTheSameCaps() {
        #expect(throws: ImageError.tooLarge(width: 14_000, height: 14_000)) {
            try decode(SVGFixtures.embedding(Fixtures.hugePNGHeader(), type: "image/png"))
        }
        #expect(throws: ImageError.svgTooComplex(maxElements: 20_000, maxChain: 256)) {
            try decode(SVGFixtures.embedding(Array(SVGFixtures.useBomb.utf8), type: "image/svg+xml"))
        }
        let nested = SVGFixtures.embedding(Array(SVGFixtures.useCycle.utf8), type: "image/svg+xml")
        #expect(throws: ImageError.svgRejected("SVG embedded more than 2 levels deep")) {
            try decode(SVGFixtures.embedding(Array(nested.utf8), type: "image/svg+xml"))
        }
        #expect(throws: ImageError.svgRejected("an embedded picture that is not PNG, JPEG, GIF, WebP or SVG")) {
            try decode(SVGFixtures.embedding(Array("BM not a bitmap".utf8), type: "image/bmp"))
        }
    }

    @Test func aCircularUseReferenceIsSkippedAndTheRestDrawn() throws {
        let image = try decode(SVGFixtures.useCycle)
        #expect(image.width == 40 && image.height == 20)
        #expect(pixel(image, 2, 2) == [255, 0, 0, 255])
        #expect(pixel(image, 30, 10)[3] == 0)
    }

    @Test func moreBytesThanTheCapAreRefused() {
        let limits = ImageLimits(maxBytes: 100)
        #expect(throws: ImageError.tooManyBytes(limit: 100)) { try decode(SVGFixtures.useCycle, limits: limits) }
    }
}
