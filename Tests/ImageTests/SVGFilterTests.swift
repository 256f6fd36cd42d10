import Testing

@testable import MarkdownCore
@testable import MarkdownImages

/// SVG filters cost librsvg time and memory in proportion to the pixels they cover: a picture is
/// rendered no wider than it is shown, and filters that would still cover too many pixels are refused.
@Suite struct SVGFilterTests {
    static func svg(side: Int, filter: String, uses: Int = 1) -> [UInt8] {
        let shapes = (0..<uses).map { _ in "<rect width='\(side)' height='\(side)' fill='red' filter='url(#f)'/>" }
        return Array(
            "<svg xmlns='http://www.w3.org/2000/svg' width='\(side)' height='\(side)'><filter id='f'>\(filter)</filter>\(shapes.joined())</svg>"
                .utf8)
    }

    static func chain(_ count: Int, _ primitive: (String) -> String) -> String {
        (0..<count).map { index in
            primitive(index == 0 ? "SourceGraphic" : "r\(index - 1)").replacingOccurrences(of: "#", with: "r\(index)")
        }.joined()
    }

    @Test func aHugeBlurIsRenderedAtTheWidthShown() throws {
        let bytes = Self.svg(side: 4000, filter: "<feGaussianBlur stdDeviation='10000'/>")
        let image = try ImageDecoder(maxWidth: 800).decode(bytes)
        #expect(image.width == 800 && image.height == 800)
    }

    @Test func withoutAWidthTheRenderSideStillBoundsIt() throws {
        let bytes = Self.svg(side: 5000, filter: "<feOffset dx='1'/>")
        let image = try ImageDecoder().decode(bytes)
        #expect(image.width == ImageLimits.standard.maxVectorRenderSide)
    }

    @Test func chainedMorphologyIsRefusedBeforeLibrsvgRunsIt() {
        let filter = Self.chain(50) { "<feMorphology operator='dilate' radius='20' in='\($0)' result='#'/>" }
        #expect {
            try ImageDecoder(maxWidth: 800).decode(Self.svg(side: 4000, filter: filter))
        } throws: { error in
            guard case ImageError.svgFiltersTooCostly(let width, let height, let work, let limit) = error else {
                return false
            }
            return width == 800 && height == 800 && work > limit
                && (error as? ImageError)?.description.hasPrefix("SVG filters too costly to draw: at 800×800") == true
        }
    }

    @Test func manyElementsApplyingAFilterCountOncePerElement() {
        let filter = "<feGaussianBlur stdDeviation='2'/>"
        #expect((try? ImageDecoder(maxWidth: 800).decode(Self.svg(side: 800, filter: filter, uses: 1))) != nil)
        #expect(throws: (any Error).self) {
            try ImageDecoder(maxWidth: 800).decode(Self.svg(side: 800, filter: filter, uses: 40))
        }
    }

    @Test func aDropShadowOnATerminalSizedPictureIsDrawn() throws {
        let filter = """
            <feGaussianBlur in='SourceAlpha' stdDeviation='4'/><feOffset dx='2' dy='2'/>\
            <feMerge><feMergeNode/><feMergeNode in='SourceGraphic'/></feMerge>
            """
        let image = try ImageDecoder(maxWidth: 1600).decode(Self.svg(side: 1200, filter: filter))
        #expect(image.width == 1200)
    }
}
