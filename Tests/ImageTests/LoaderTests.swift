import Foundation
import Testing

@testable import ImageHTTP
@testable import MarkdownCore
@testable import MarkdownImages

/// Serialized: the slow-drip and endless bodies would otherwise compete with the timing test.
@Suite(.serialized) struct LoaderTests {
    let server = TestServer.shared

    @Test func nReferencesToOneURLMakeOneRequest() throws {
        let path = "/img/photo.png" + unique()
        let refs = (0..<8).map { ImageReference(sources: [server.url(path)], alt: "a\($0)") }
        let (renderer, _) = makeRenderer(refs)
        for ref in refs { #expect(renderer.rows(ref, columns: 40) != nil) }
        // A second reference with the same URL but other alt text, after the first finished.
        #expect(
            renderer.rows(ImageReference(sources: [server.url(path)], alt: "late"), columns: 40) != nil)
        #expect(server.counts()[path] == 1)
    }

    @Test func aSecondRunWithAFreshDiskCacheMakesNoRequest() throws {
        let path = "/img/photo.jpg" + unique()
        let dir = temporaryCacheDirectory()
        let ref = ImageReference(sources: [server.url(path)], alt: "x")
        // Two independent pipelines (separate memory caches and sessions), one disk cache: two "processes".
        let (first, _) = makeRenderer([ref], disk: DiskCache(directory: dir))
        #expect(first.rows(ref, columns: 40) != nil)
        let (second, loader) = makeRenderer([ref], disk: DiskCache(directory: dir))
        #expect(second.rows(ref, columns: 40) != nil)
        #expect(server.counts()[path] == 1)
        #expect(loader.statistics.current.diskHits == 1)
    }

    @Test func staleEntriesAreRevalidatedAndA304DownloadsNothing() throws {
        let path = "/revalidate/photo.png" + unique()
        let dir = temporaryCacheDirectory()
        let ref = ImageReference(sources: [server.url(path)], alt: "x")
        let (first, _) = makeRenderer([ref], disk: DiskCache(directory: dir))
        #expect(first.rows(ref, columns: 40) != nil)
        let (second, loader) = makeRenderer([ref], disk: DiskCache(directory: dir))
        #expect(second.rows(ref, columns: 40) != nil)
        let counts = server.counts()
        #expect(counts[path] == 2)
        #expect(counts["304 " + path] == 1)
        #expect(loader.statistics.current.revalidated == 1)
    }

    @Test func noStoreIsNotWrittenToDisk() throws {
        let path = "/nostore/photo.png" + unique()
        let dir = temporaryCacheDirectory()
        let ref = ImageReference(sources: [server.url(path)], alt: "x")
        let (first, _) = makeRenderer([ref], disk: DiskCache(directory: dir))
        #expect(first.rows(ref, columns: 40) != nil)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        #expect(files.isEmpty)
    }

    @Test(arguments: [
        "/status/404", "/status/500", "/drip", "/endless", "/loop/0", "/tofile", "/html",
        "/img/truncated.png", "/img/huge.png", "/img/badge.svg",
    ])
    func failuresFallBackToTheAltText(path: String) throws {
        // The slow ones (/drip, /endless) end by the loader's own limits: eachFailureSaysWhy pins which.
        let ref = ImageReference(sources: [server.url(path + unique())], alt: "x")
        let (renderer, _) = makeRenderer([ref])
        #expect(renderer.rows(ref, columns: 40) == nil)
    }

    @Test func eachFailureSaysWhy() throws {
        func error(_ path: String) -> ImageError? {
            let ref = ImageReference(sources: [server.url(path + unique())], alt: "x")
            let (renderer, _) = makeRenderer([ref])
            return renderer.failure(ref)
        }
        #expect(error("/status/404") == .httpStatus(404))
        #expect(error("/loop/0") == .tooManyRedirects(limit: 10))
        if case .redirectRefused = error("/tofile") {} else { Issue.record("file: redirect not refused") }
        #expect(error("/drip") == .timedOut(seconds: 2))
        #expect(error("/endless") == .tooManyBytes(limit: 2 << 20))
        #expect(error("/html") == .notAnImage)
        #expect(error("/img/huge.png") == .tooLarge(width: 14_000, height: 14_000))
    }

    /// A server that sends nothing ends by the idle time-out, and the message says it was that one.
    @Test func aSilentServerEndsByTheIdleTimeOutAndSaysSo() throws {
        let ref = ImageReference(sources: [server.url("/delay/20000/photo.png" + unique())], alt: "x")
        let (renderer, _) = makeRenderer(
            [ref], settings: HTTPImageLoader.Settings(idleTimeout: 1, totalTimeout: 10, maxBytes: 2 << 20))
        let failure = renderer.failure(ref)
        #expect(failure == .idle(seconds: 1))
        #expect(failure?.description.contains("--image-connect-timeout") == true)
    }

    @Test func transferFailuresAreSaidInMdviewsWords() {
        #expect(TransferFailure.reason(curlCode: 23, osErrno: 0) == "the server's response headers are too large")
        #expect(TransferFailure.reason(curlCode: 27, osErrno: 0).contains("too long"))
        #expect(TransferFailure.reason(curlCode: 7, osErrno: Int(ECONNREFUSED)) == "cannot connect: Connection refused")
        #expect(
            ImageError.unreadable(path: "/x", errno: ELOOP).description.contains("Too many levels of symbolic links"))
        #expect(!ImageError.unreadable(path: "/x", errno: EIO).description.contains("errno"))
    }

    /// `<picture>` whose candidates all fail: one message, named by the first candidate (as the alt
    /// text shows it), with why each one failed.
    @Test func aPictureWhoseCandidatesAllFailNamesTheFirstWithEachReason() {
        let ref = ImageReference(sources: ["data:x", "/dev/zero"], alt: "x")
        let sink = DiagnosticCollector()
        let resolver = TerminalImageResolver(
            configuration: .init(output: .halfBlocks, sizer: AspectScaleDownByWidth(), diagnostics: sink),
            pipeline: ImagePipeline(loader: CachingImageLoader(files: FileImageLoader(), http: nil, disk: nil)))
        #expect(resolver.resolve(ref, baseDirectory: nil) == nil)  // the alt text
        #expect(
            sink.diagnostics.map(\.description) == [
                "image data:x: unsupported scheme data:; /dev/zero: not a regular file: /dev/zero"
            ])
    }

    @Test func theNextCandidateIsTriedWhenOneFails() throws {
        let good = "/img/flag.gif" + unique()
        let ref = ImageReference(
            sources: [server.url("/status/404" + unique()), "ftp://example.com/x.png", server.url(good)], alt: "x")
        let (renderer, _) = makeRenderer([ref])
        #expect(renderer.rows(ref, columns: 40) != nil)
        #expect(server.counts()[good] == 1)
    }

    @Test func tenImagesLoadConcurrently() throws {
        // The server answers none of the ten until all ten are waiting: loads made one after another
        // would run into the loader's 2-second time-out and fall back to their alt text.
        let tag = unique()
        let refs = (0..<10).map {
            ImageReference(sources: [server.url("/together/10/p\($0).png" + tag)], alt: "p\($0)")
        }
        let (renderer, _) = makeRenderer(refs)
        for ref in refs { #expect(renderer.rows(ref, columns: 40) != nil) }
        let counts = server.counts()
        for index in 0..<10 { #expect(counts["/together/10/p\(index).png" + tag] == 1) }
    }

    @Test func remoteLoadingCanBeSwitchedOff() throws {
        let path = "/img/photo.png" + unique()
        let loader = CachingImageLoader(http: nil, disk: nil)
        let renderer = ImageStage(
            resolver: TerminalImageResolver(
                configuration: .init(output: .halfBlocks), pipeline: ImagePipeline(loader: loader)),
            baseDirectory: Fixtures.directory)
        let ref = ImageReference(sources: [server.url(path)], alt: "x")
        #expect(renderer.failure(ref) == .remoteDisabled)
        #expect(renderer.rows(ImageReference(sources: ["photo.png"], alt: "local")) != nil)
        #expect(server.counts()[path] == nil)
    }
}
