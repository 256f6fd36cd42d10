import Foundation
import TestSupport
import Testing

@testable import ImageHTTP
@testable import MarkdownCore
@testable import MarkdownImages

/// Slow or absent networks never hold the text hostage: the image budget, and hosts the system already
/// knows to be unreachable.
@Suite(.serialized) struct ImageBudgetTests {
    let server = TestServer.shared

    func resolver(budget: Double) -> TerminalImageResolver {
        let loader = CachingImageLoader(
            http: HTTPImageLoader(settings: .init(idleTimeout: 30, totalTimeout: 60)), disk: nil)
        return TerminalImageResolver(
            configuration: .init(output: .halfBlocks, waitLimit: 60, budget: budget),
            pipeline: ImagePipeline(loader: loader))
    }

    func failure(_ images: TerminalImageResolver, _ image: ImageReference) -> ImageError? {
        if case .failure(let error) = images.decoded(image, baseDirectory: nil) { return error }
        return nil
    }

    @Test func imagesNotReadyWithinTheBudgetAreOverBudgetAndReadyOnesStillShow() throws {
        let slow = ImageReference(sources: [server.url("/delay/20000/photo.png" + unique())], alt: "slow")
        let local = ImageReference(sources: [Fixtures.path("photo.png")], alt: "local")
        let images = resolver(budget: 0.3)
        images.prefetch([slow, local], baseDirectory: nil)
        #expect(failure(images, slow) == .overBudget(seconds: 0.3))
        // The budget is spent, yet a picture that has arrived is still shown.
        #expect(images.resolve(local, baseDirectory: nil) != nil)
    }

    @Test func aLateFailureIsTheImagesOwnTimeOutNotTheBudget() throws {
        let slow = ImageReference(sources: [server.url("/delay/20000/photo.png" + unique())], alt: "slow")
        var configuration = TerminalImageResolver.Configuration(output: .halfBlocks, waitLimit: 0.2, budget: 30)
        configuration.diagnostics = nil
        let images = TerminalImageResolver(
            configuration: configuration,
            pipeline: ImagePipeline(loader: CachingImageLoader(http: HTTPImageLoader(), disk: nil)))
        images.prefetch([slow], baseDirectory: nil)
        #expect(failure(images, slow) == .stillLoading(seconds: 0.2))
        #expect(ImageError.stillLoading(seconds: 0.2).description.hasPrefix("still loading or decoding after 0.2 s"))
    }

    @Test func aHostWhoseNameDoesNotResolveIsRememberedAsUnreachable() throws {
        // RFC 6761: names under .invalid never resolve.
        let loader = HTTPImageLoader(settings: .init(idleTimeout: 5, totalTimeout: 10))
        let first = try #require(URL(string: "http://badges.mdview-test.invalid/a.png"))
        #expect {
            try loader.fetch(first, etag: nil, lastModified: nil)
        } throws: { error in
            if case ImageError.unreachable = error { return true }
            return false
        }
        #expect(loader.unreachable.failure(for: "BADGES.mdview-test.invalid") != nil)
        #expect(loader.unreachable.failure(for: "127.0.0.1") == nil)
    }

    /// A loader whose `/fail.png` loads fail at once as unreachable (on their host; on `net.example`, the
    /// whole network), and whose other loads hang until released.
    struct HangingLoader: ImageLoader {
        let release = PendingValue<Bool>()
        func load(_ location: ImageLocation) throws(ImageError) -> [UInt8] {
            guard case .remote(let url) = location else { throw .noSource }
            if url.path == "/fail.png" {
                throw .unreachable(host: url.host == "net.example" ? nil : url.host, reason: "no such host")
            }
            _ = release.wait(seconds: .infinity)
            throw .noSource
        }
    }

    func remote(_ text: String) throws -> ImageLocation { .remote(try #require(URL(string: text))) }

    @Test func anUnreachableHostFailsEveryLoadUnderWayOnItAtOnce() throws {
        let loader = HangingLoader()
        defer { loader.release.fulfil(true) }
        let pipeline = ImagePipeline(loader: loader)
        let sameHost = pipeline.start(try remote("http://gone.example/hang.png"))
        let otherHost = pipeline.start(try remote("http://stuck.example/hang.png"))
        _ = pipeline.start(try remote("http://GONE.example/fail.png"))
        // Generous: the load itself never returns; only the pipeline can end this wait.
        let outcome = sameHost.wait(seconds: 60)
        guard case .failure(.unreachable(let host, _)) = outcome else {
            Issue.record("expected unreachable, got \(String(describing: outcome))")
            return
        }
        #expect(host?.lowercased() == "gone.example")
        #expect(otherHost.current == nil)  // another host is still worth waiting for
    }

    @Test func noRouteToTheNetworkFailsEveryRemoteLoadUnderWay() throws {
        let loader = HangingLoader()
        defer { loader.release.fulfil(true) }
        let pipeline = ImagePipeline(loader: loader)
        let loads = try ["http://a.example/hang.png", "https://b.example/hang.png"].map {
            pipeline.start(try remote($0))
        }
        _ = pipeline.start(try remote("http://net.example/fail.png"))
        for load in loads {
            guard case .failure(.unreachable(nil, _)) = load.wait(seconds: 60) else {
                Issue.record("expected the network to be unreachable")
                continue
            }
        }
    }

    @Test func onlyDefiniteFailuresCountAsUnreachable() {
        #expect(UnreachableHosts.scope(curlCode: 6, osErrno: 0) == .host)
        #expect(UnreachableHosts.scope(curlCode: 5, osErrno: 0) == .network)
        #expect(UnreachableHosts.scope(curlCode: 7, osErrno: Int(ENETUNREACH)) == .network)
        #expect(UnreachableHosts.scope(curlCode: 7, osErrno: Int(EHOSTUNREACH)) == .host)
        #expect(UnreachableHosts.scope(curlCode: 7, osErrno: Int(ECONNREFUSED)) == nil)
        #expect(UnreachableHosts.scope(curlCode: 28, osErrno: 0) == nil)  // a time-out says nothing
    }

    /// A README's worth of badges that never arrive: the document still appears, each badge as a text
    /// badge (its alt text), and --verbose says why.
    @Test func eightyOneSlowBadgesFallBackToAltTextAndTheDocumentAppears() throws {
        let directory = temporaryCacheDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let tag = unique()
        var body = "# Project\n\n![local](\(Fixtures.path("photo.png")))\n\n"
        for n in 0..<81 { body += "[![badge \(n)](\(server.url("/delay/20000/badge\(n).png" + tag)))](x) " }
        body += "\n\nThe end.\n"
        let file = directory.appendingPathComponent("README.md")
        try body.write(to: file, atomically: true, encoding: .utf8)
        let result = try MDViewProcess.run(
            // sixel: with half-blocks badges are text badges and never loaded.
            ["--images", "sixel", "--color", "always", "-v", "--image-budget", "0.5", file.path],
            environment: ["XDG_CACHE_HOME": directory.path])
        #expect(result.status == 0)
        let output = String(decoding: result.stdout, as: UTF8.self)
        #expect(output.contains("The end."))
        #expect(output.contains("\u{1B}Pq"))  // the local picture is drawn
        #expect(output.components(separatedBy: "[badge\u{A0}").count == 82)  // text badges
        let overBudget = result.stderr.split(separator: "\n").filter {
            $0.contains("/delay/20000/badge")
                && $0.hasSuffix("not ready within the 0.5 s image budget (--image-budget)")
        }
        #expect(overBudget.count == 81, "\(result.stderr)")
    }

    /// Badges on a host that does not resolve: each shows its alt text, as unreachable (or, where DNS
    /// itself hangs, as over the budget), and the document appears.
    @Test func badgesOnAnUnresolvableHostFailFast() throws {
        let directory = temporaryCacheDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var body = "Badges:\n\n"
        for n in 0..<81 { body += "![badge \(n)](https://img.mdview-test.invalid/b\(n).png) " }
        body += "\n\nThe end.\n"
        let file = directory.appendingPathComponent("README.md")
        try body.write(to: file, atomically: true, encoding: .utf8)
        let result = try MDViewProcess.run(
            ["--images", "sixel", "-v", file.path], environment: ["XDG_CACHE_HOME": directory.path])
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("The end."))
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("img.mdview-test.invalid") }
        #expect(lines.count == 81)
        #expect(lines.allSatisfy { $0.contains("unreachable: ") || $0.contains("image budget") }, "\(lines)")
    }
}
