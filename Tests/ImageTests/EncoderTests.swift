import Foundation
import Testing

@testable import MarkdownCore
@testable import MarkdownImages

@Suite struct EncoderTests {
    @Test func halfBlocksFillExactlyTheFootprint() throws {
        let image = try ImageDecoder().decode(Fixtures.bytes("wide.png"))
        let rendered = try HalfBlockEncoder().encode(
            image, displaySize: PixelSize(width: 300, height: 100), footprint: CellFootprint(columns: 30, rows: 5))
        guard case .cells(let lines) = rendered else {
            Issue.record("expected cells")
            return
        }
        #expect(lines.count == 5)
        for line in lines { #expect(line.plainText == String(repeating: "▀", count: 30)) }
        // white at the top, black at the bottom
        #expect(
            lines[0].spans[0].style.foreground == .rgb(255, 255, 255)
                || lines[0].spans[0].style.foreground.map { if case .rgb(let r, _, _) = $0 { r > 230 } else { false } }
                    == true
        )
    }

    @Test func sixelDecodesBackToTheSizersSize() throws {
        let image = try ImageDecoder().decode(Fixtures.bytes("photo800.png"))
        let context = SizingContext(availableColumns: 60, cellWidth: 10, cellHeight: 20)
        let size = AspectScaleDownByWidth().displaySize(
            for: "x", natural: PixelSize(width: 800, height: 600), in: context)
        #expect(size == PixelSize(width: 600, height: 450))
        let footprint = CellFootprint(covering: size, cellWidth: 10, cellHeight: 20)
        let rendered = try SixelEncoder().encode(image, displaySize: size, footprint: footprint)
        guard case .graphic(let graphic) = rendered else {
            Issue.record("expected a graphic")
            return
        }
        #expect(graphic.columns == 60 && graphic.rows == 23)
        #expect(graphic.payload.starts(with: [0x1B, 0x50]))  // DCS
        #expect(graphic.payload.suffix(2) == [0x1B, 0x5C])  // ST
        let png = try run("/usr/bin/convert", ["sixel:-", "png:-"], input: graphic.payload).stdout
        let header = try ImageHeader.read(png)
        #expect(header.width == 600 && header.height == 450)
    }
}
