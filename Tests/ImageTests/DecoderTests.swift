import Foundation
import Testing

@testable import MarkdownCore
@testable import MarkdownImages

@Suite struct DecoderTests {
    @Test func headersGiveFormatAndSizeFromMagicBytes() throws {
        #expect(try ImageHeader.read(Fixtures.bytes("photo.png")) == ImageHeader(format: .png, width: 64, height: 48))
        #expect(try ImageHeader.read(Fixtures.bytes("photo.jpg")) == ImageHeader(format: .jpeg, width: 64, height: 48))
        #expect(try ImageHeader.read(Fixtures.bytes("flag.gif")) == ImageHeader(format: .gif, width: 40, height: 30))
    }

    @Test func decodesPNGJPEGAndGIFToRGBA() throws {
        let decoder = ImageDecoder()
        let png = try decoder.decode(Fixtures.bytes("photo.png"))
        #expect(png.width == 64 && png.height == 48 && png.pixels.count == 64 * 48 * 4)
        #expect(png.pixels[0] > 200 && png.pixels[2] < 60)  // top row red
        let jpeg = try decoder.decode(Fixtures.bytes("photo.jpg"))
        #expect(jpeg.width == 64 && jpeg.height == 48)
        let gif = try decoder.decode(Fixtures.bytes("flag.gif"))
        #expect(gif.width == 40 && gif.height == 30)
        #expect(Array(gif.pixels[0..<4]) == [0, 0, 255, 255])  // left half blue
        let right = (10 * 40 + 30) * 4
        #expect(Array(gif.pixels[right..<right + 4]) == [255, 0, 0, 255])
    }

    @Test(arguments: ["lossy.webp", "lossless.webp"]) func decodesWebP(name: String) throws {
        let image = try ImageDecoder().decode(Fixtures.bytes(name))
        #expect(image.width == 30 && image.height == 20)
        #expect(image.pixels[1] > 200 && image.pixels[0] < 60)  // lime
    }

    @Test func truncatedJPEGStillDecodesOrFailsCleanly() {
        let jpeg = Fixtures.bytes("photo.jpg")
        _ = try? ImageDecoder().decode(Array(jpeg.prefix(jpeg.count / 2)))  // must not crash
        #expect(throws: ImageError.corrupt(format: "JPEG")) { try ImageDecoder().decode(Array(jpeg.prefix(20))) }
    }

    @Test func refusesAHeaderClaiming14000SquarePixelsBeforeDecoding() {
        // The header passes only through the limits check, which comes before the pixel buffer and libpng:
        // had libpng (or the 784 MB buffer) been reached, its IDAT of 8 bytes would make it `corrupt`.
        #expect(throws: ImageError.tooLarge(width: 14_000, height: 14_000)) {
            try ImageDecoder().decode(Fixtures.bytes("huge.png"))
        }
    }

    @Test func truncatedPNGIsCorrupt() {
        #expect(throws: ImageError.corrupt(format: "PNG")) {
            try ImageDecoder().decode(Fixtures.bytes("truncated.png"))
        }
    }

    @Test func textIsNotAnImage() {
        #expect(throws: ImageError.notAnImage) { try ImageDecoder().decode(Array("hello <svg".utf8)) }
        #expect(throws: ImageError.notAnImage) { try ImageDecoder().decode([]) }
    }

    @Test func limitsCheckSideAndArea() {
        let limits = ImageLimits.standard
        #expect(throws: ImageError.tooLarge(width: 16_385, height: 1)) { try limits.check(width: 16_385, height: 1) }
        #expect(throws: ImageError.tooLarge(width: 8_000, height: 8_000)) {
            try limits.check(width: 8_000, height: 8_000)
        }
        #expect(throws: Never.self) { try limits.check(width: 16_384, height: 3_000) }
    }

    @Test func resamplerAveragesInsteadOfPickingPixels() {
        // A 1-pixel checkerboard shrunk by 2 becomes mid grey everywhere (nearest-neighbour would not).
        var pixels: [UInt8] = []
        for y in 0..<8 {
            for x in 0..<8 {
                let v: UInt8 = (x + y) % 2 == 0 ? 0 : 255
                pixels += [v, v, v]
            }
        }
        let small = Resampler.resize(
            PixelImage(width: 8, height: 8, layout: .rgb, pixels: pixels), to: PixelSize(width: 4, height: 4))
        #expect(small.pixels.allSatisfy { $0 > 100 && $0 < 155 })
    }
}
