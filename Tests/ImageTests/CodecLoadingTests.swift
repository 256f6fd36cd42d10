import Foundation
import TestSupport
import Testing

/// The codecs and libsixel are loaded with dlopen on the first picture that needs them (see
/// CImageCodecs): a document without images loads none of them, and a missing library is one image's
/// alt text with a reason under `--verbose`, never a crash.
@Suite(.serialized) struct CodecLoadingTests {
    /// The shared objects the codecs, the sixel encoder and remote images would load.
    static let imageLibraries = ["libpng16", "libjpeg", "libgif", "libwebp", "libsixel", "libcurl"]

    func mdview(_ arguments: [String], extra: [String: String] = [:]) throws -> MDViewProcess.Result {
        try MDViewProcess.run(
            arguments, environment: ["XDG_CACHE_HOME": temporaryCacheDirectory().path].merging(extra) { $1 })
    }

    func document(_ body: String) throws -> String {
        try temporaryDocument(body)
    }

    /// The shared objects the dynamic loader opened, from its `LD_DEBUG=files` trace.
    func loadedLibraries(_ result: MDViewProcess.Result) -> [String] {
        result.stderr.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: "file=") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != " " && $0 != "\t" })
        }
    }

    @Test func aDocumentWithoutImagesLoadsNoCodec() throws {
        let doc = try document("# Title\n\nSome *text* and a [link](https://example.com).\n")
        let result = try mdview(
            ["--images", "sixel", "--color", "always", doc], extra: ["LD_DEBUG": "files"])
        #expect(result.status == 0)
        let loaded = loadedLibraries(result)
        #expect(!loaded.isEmpty)  // the trace is there: the binary links libcmark-gfm at least
        for library in Self.imageLibraries {
            #expect(!loaded.contains { $0.hasPrefix(library) }, "\(library) loaded: \(loaded)")
        }
    }

    @Test func aPNGLoadsLibpngAndLibsixelOnlyWhenDrawn() throws {
        let doc = try document("![pic](\(Fixtures.path("photo.png")))\n")
        let result = try mdview(
            ["--images", "sixel", "--width", "40", doc], extra: ["LD_DEBUG": "files"])
        #expect(result.status == 0)
        let loaded = loadedLibraries(result)
        #expect(loaded.contains { $0.hasPrefix("libpng16") })
        #expect(loaded.contains { $0.hasPrefix("libsixel") })
        #expect(!loaded.contains { $0.hasPrefix("libjpeg") })
    }

    @Test(arguments: [
        ("photo.png", "MDVIEW_PNG_LIBRARY", "PNG needs libpng (Debian: libpng16-16)"),
        ("photo.jpg", "MDVIEW_JPEG_LIBRARY", "JPEG needs libjpeg-turbo (Debian: libjpeg62-turbo)"),
        ("flag.gif", "MDVIEW_GIF_LIBRARY", "GIF needs giflib (Debian: libgif7)"),
        ("lossy.webp", "MDVIEW_WEBP_LIBRARY", "WebP needs libwebp (Debian: libwebp7)"),
    ])
    func withoutItsCodecAPictureIsItsAltTextAndVerboseSaysWhy(fixture: String, variable: String, needs: String)
        throws
    {
        let doc = try document("Before ![the picture](\(Fixtures.path(fixture))) after.\n")
        let result = try mdview(
            ["--images", "blocks", "--color", "always", "-v", "--width", "60", doc],
            extra: [variable: "/nonexistent/\(fixture).so"])
        #expect(result.status == 0)
        let output = String(decoding: result.stdout, as: UTF8.self)
        #expect(output.contains("the picture") && output.contains("after."))
        #expect(!output.contains("▀"))
        #expect(result.stderr.contains("\(needs): /nonexistent/\(fixture).so not found"))
    }

    @Test func withoutLibsixelASixelPictureIsItsAltTextAndVerboseSaysWhy() throws {
        let doc = try document("Before ![the picture](\(Fixtures.path("photo.png"))) after.\n")
        let result = try mdview(
            ["--images", "sixel", "--color", "always", "-v", "--width", "60", doc],
            extra: ["MDVIEW_SIXEL_LIBRARY": "/nonexistent/libsixel.so.1"])
        #expect(result.status == 0)
        let output = String(decoding: result.stdout, as: UTF8.self)
        #expect(output.contains("the picture") && output.contains("after."))
        #expect(!output.contains("\u{1B}P"))
        #expect(
            result.stderr.contains(
                "sixel graphics needs libsixel (Debian: libsixel1): /nonexistent/libsixel.so.1 not found"))
    }
}
