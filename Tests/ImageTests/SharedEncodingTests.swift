import FoundationEssentials
import Testing

@testable import MarkdownCore
@testable import MarkdownImages

/// Every placement of one image at one size shares one resample and encoding.
@Suite struct SharedEncodingTests {
    private func stage(_ output: ImageOutput) -> ImageStage {
        ImageStage(
            resolver: TerminalImageResolver(
                configuration: .init(output: output),
                pipeline: ImagePipeline(loader: CachingImageLoader(http: nil, disk: nil))),
            baseDirectory: Fixtures.directory)
    }

    @Test(arguments: [ImageOutput.halfBlocks, .sixel, .kitty])
    func anImageShownManyTimesAtOneSizeIsEncodedOnce(output: ImageOutput) throws {
        let stage = stage(output)
        let image = ImageReference(sources: ["photo800.png"], alt: "photo")
        let first = try #require(stage.rows(image, columns: 40))
        for _ in 0..<20 { #expect(stage.rows(image, columns: 40) == first) }
        #expect(stage.resolver.encodings.encodingsPerformed == 1)
    }

    @Test func eachSizeIsEncodedOnceAndPlacementsAtTheSameMomentShareIt() throws {
        let stage = stage(.halfBlocks)
        let image = ImageReference(sources: ["photo800.png"], alt: "photo")
        let (resolver, base) = (stage.resolver, Fixtures.directory)
        let rows = ConcurrentResults<ImageRows?>.collect(count: 16) { index in
            resolver.resolve(image, baseDirectory: base)?.rows(availableColumns: index % 2 == 0 ? 40 : 20)
        }
        #expect(rows.allSatisfy { $0 != nil })
        #expect(Set(rows.indices.filter { $0 % 2 == 0 }.map { "\(rows[$0]!)" }).count == 1)
        #expect(stage.resolver.encodings.encodingsPerformed == 2)
        // The same file under another name is another image.
        _ = stage.rows(ImageReference(sources: ["p1.png"], alt: "p"), columns: 40)
        #expect(stage.resolver.encodings.encodingsPerformed == 3)
    }

    @Test func aFailedEncodingIsSharedToo() throws {
        let encodings = SharedEncodings()
        let key = SharedEncodings.Key(image: .file(path: "/x.png"), size: PixelSize(width: 1, height: 1))
        for _ in 0..<3 {
            #expect(throws: ImageError.self) {
                try encodings.rows(for: key) { () throws(ImageError) -> ImageRows in throw .encodingFailed("no") }
            }
        }
        #expect(encodings.encodingsPerformed == 1)
    }
}
