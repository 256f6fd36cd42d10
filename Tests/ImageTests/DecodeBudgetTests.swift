import Dispatch
import Foundation
import Testing

@testable import MarkdownImages

/// Pictures are decoded no wider than a placement can show them (scaled while decoding where the codec
/// can), and all decodes of a run share one budget of pixel bytes.
@Suite struct DecodeBudgetTests {
    @Test func jpegDecodesByTheSmallestEighthThatKeepsTheWidth() {
        let large = DecodeScale(width: 7000, height: 7000, format: .jpeg, maxWidth: 800)
        #expect(large.decoded == PixelSize(width: 875, height: 875))
        #expect(large.kept == PixelSize(width: 800, height: 800))
        let near = DecodeScale(width: 1000, height: 500, format: .jpeg, maxWidth: 800)
        #expect(near.decoded == PixelSize(width: 875, height: 438))
        #expect(near.kept == PixelSize(width: 800, height: 400))
    }

    @Test func webpDecodesToTheKeptSizeAndPNGAtFullSize() {
        #expect(DecodeScale(width: 3000, height: 1500, format: .webp, maxWidth: 600).decoded.width == 600)
        let png = DecodeScale(width: 3000, height: 1500, format: .png, maxWidth: 600)
        #expect(png.decoded == PixelSize(width: 3000, height: 1500))
        #expect(png.kept == PixelSize(width: 600, height: 300))
    }

    @Test func picturesNoWiderThanTheTerminalAreKeptWhole() {
        let small = DecodeScale(width: 640, height: 480, format: .jpeg, maxWidth: 800)
        #expect(small.decoded == small.kept && small.kept == PixelSize(width: 640, height: 480))
        let unbounded = DecodeScale(width: 7000, height: 7000, format: .jpeg, maxWidth: nil)
        #expect(unbounded.kept == PixelSize(width: 7000, height: 7000))
    }

    @Test(arguments: [("photo.jpg", 16, 12), ("wide.png", 30, 10), ("lossy.webp", 10, 7), ("flag.gif", 20, 15)])
    func eachCodecKeepsAtMostTheWidthAsked(name: String, width: Int, height: Int) throws {
        let decoder = ImageDecoder(maxWidth: width, budget: DecodeBudget())
        let image = try decoder.decode(Fixtures.bytes(name))
        #expect(image.width == width)
        #expect(image.height == height)
        #expect(decoder.budget?.bytesInUse == 0)
    }

    /// A JPEG of a few hundred bytes whose header claims 7000 × 7000 pixels.
    static func hostileJPEG() throws -> [UInt8] {
        var bytes = Fixtures.bytes("photo.jpg")
        let marker = try #require(
            bytes.indices.dropLast().first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
        bytes[marker + 5] = UInt8(7000 >> 8)
        bytes[marker + 6] = UInt8(7000 & 0xFF)
        bytes[marker + 7] = UInt8(7000 >> 8)
        bytes[marker + 8] = UInt8(7000 & 0xFF)
        return bytes
    }

    @Test func aJPEGClaimingAHugeSizeIsDecodedAtTheWidthShown() throws {
        let bytes = try Self.hostileJPEG()
        let image = try ImageDecoder(maxWidth: 800).decode(bytes)
        #expect(image.width == 800 && image.height == 800)
        // Held while decoding: the picture at 1/8 and the resampler's rows, not 7000 × 7000 × 4 bytes.
        #expect(DecodeScale(width: 7000, height: 7000, format: .jpeg, maxWidth: 800).bytesHeld < 8 << 20)
    }

    @Test func aDecodeLargerThanTheWholeBudgetIsRefused() throws {
        let decoder = ImageDecoder(budget: DecodeBudget(totalBytes: 1 << 20))
        #expect(throws: ImageError.overDecodeBudget(bytes: 7000 * 7000 * 4, budget: 1 << 20)) {
            try decoder.decode(try Self.hostileJPEG())
        }
        #expect(ImageError.overDecodeBudget(bytes: 200 << 20, budget: 1 << 20).description.contains("200 MB"))
    }

    @Test func aReservationWaitsUntilEarlierOnesAreGivenBack() throws {
        let budget = DecodeBudget(totalBytes: 100)
        try budget.reserve(80)
        let finished = DispatchSemaphore(value: 0)
        // A thread of its own: the global queue's threads may all be taken by other tests running at once.
        Thread {
            try? budget.reserve(50)
            finished.signal()
        }.start()
        #expect(finished.wait(timeout: .now() + .milliseconds(200)) == .timedOut)
        #expect(budget.bytesInUse == 80)
        budget.release(80)
        #expect(finished.wait(timeout: .now() + .seconds(10)) == .success)
        #expect(budget.bytesInUse == 50)
    }

    @Test func aWaitingDecodeWhoseImageIsAbandonedGivesUpAndHoldsNothing() throws {
        let budget = DecodeBudget(totalBytes: 100)
        try budget.reserve(80)
        #expect(throws: ImageError.abandoned) { try budget.reserve(50, isAbandoned: { true }) }
        #expect(budget.bytesInUse == 80)
        budget.release(80)
        #expect(budget.bytesInUse == 0)
        try budget.reserve(100)
        #expect(budget.bytesInUse == 100)
    }
}

/// The resampler holds a window of rows, not a second copy of the picture: its result is the same.
@Suite struct ResamplerWindowTests {
    @Test(arguments: [(64, 48, 16, 12), (300, 100, 30, 10), (10, 10, 25, 40), (97, 31, 13, 29)])
    func scalingGivesTheTentFilterOfEveryPixel(sw: Int, sh: Int, dw: Int, dh: Int) {
        let pixels = (0..<(sw * sh * 3)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ $0 / 7) }
        let image = PixelImage(width: sw, height: sh, layout: .rgb, pixels: pixels)
        let scaled = Resampler.resize(image, to: PixelSize(width: dw, height: dh))
        let xs = Resampler.weights(source: sw, destination: dw)
        let ys = Resampler.weights(source: sh, destination: dh)
        for y in [0, dh / 2, dh - 1] {
            for x in [0, dw / 2, dw - 1] {
                var sum: Float = 0
                for (j, wy) in ys[y].weights.enumerated() {
                    var row: Float = 0
                    for (i, wx) in xs[x].weights.enumerated() {
                        row += Float(pixels[((ys[y].start + j) * sw + xs[x].start + i) * 3]) * wx
                    }
                    sum += row * wy
                }
                let expected = UInt8(max(0, min(255, sum + 0.5)))
                #expect(abs(Int(scaled.pixels[(y * dw + x) * 3]) - Int(expected)) <= 1)
            }
        }
    }
}
