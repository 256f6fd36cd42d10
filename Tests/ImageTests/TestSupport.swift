import Foundation
import ImageHTTP
import TestSupport

@testable import MarkdownCore
@testable import MarkdownImages

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs a program (stdin from `input`) with the test runner's environment; stderr is discarded.
@discardableResult
func run(_ program: String, _ arguments: [String], input: [UInt8] = []) throws -> Subprocess.Result {
    try Subprocess.run([program] + arguments, stdin: input, environment: ProcessInfo.processInfo.environment)
}

/// Image fixtures generated once per test run with ImageMagick (never committed).
enum Fixtures {
    static let directory: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mdview-image-fixtures-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        func convert(_ args: [String]) { _ = try? run("/usr/bin/convert", args) }
        convert(["-size", "64x48", "gradient:red-blue", dir.appendingPathComponent("photo.png").path])
        convert([
            "-size", "64x48", "gradient:green-yellow", "-quality", "90", dir.appendingPathComponent("photo.jpg").path,
        ])
        convert([
            "-size", "40x30", "xc:red", "-fill", "blue", "-draw", "rectangle 0,0 19,29",
            dir.appendingPathComponent("flag.gif").path,
        ])
        convert(["-size", "300x100", "gradient:white-black", dir.appendingPathComponent("wide.png").path])
        convert(["-size", "30x20", "xc:lime", "-quality", "80", dir.appendingPathComponent("lossy.webp").path])
        convert([
            "-size", "30x20", "xc:lime", "-define", "webp:lossless=true",
            dir.appendingPathComponent("lossless.webp").path,
        ])
        convert([
            "-seed", "7", "-size", "800x600", "plasma:fractal", "-blur", "0x1",
            dir.appendingPathComponent("photo800.png").path,
        ])
        for i in 0..<10 {
            try? FileManager.default.copyItem(
                at: dir.appendingPathComponent("photo.png"), to: dir.appendingPathComponent("p\(i).png"))
        }
        if let png = try? Data(contentsOf: dir.appendingPathComponent("wide.png")) {
            try? png.prefix(png.count / 2).write(to: dir.appendingPathComponent("truncated.png"))
        }
        try? Data(hugePNGHeader()).write(to: dir.appendingPathComponent("huge.png"))
        try? Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8).write(to: dir.appendingPathComponent("badge.svg"))
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        try? FileManager.default.copyItem(
            at: sources.appendingPathComponent("badge-build-passing.svg"),
            to: dir.appendingPathComponent("badge-build-passing.svg"))
        for (name, text) in SVGFixtures.generated {
            try? Data(text.utf8).write(to: dir.appendingPathComponent(name))
        }
        return dir
    }()

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    static func bytes(_ name: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))) ?? []
    }

    /// A valid PNG signature and IHDR claiming 14,000 × 14,000 pixels, followed by a tiny IDAT.
    static func hugePNGHeader() -> [UInt8] {
        func be32(_ v: UInt32) -> [UInt8] {
            [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(UInt32(data.count)) + body + be32(crc32(body))
        }
        let ihdr = be32(14_000) + be32(14_000) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
            + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return ~crc
    }
}

/// The loopback HTTP server (Fixtures/image_server.py), one per test run.
///
/// `@unchecked Sendable`: `Process` and `Pipe` are not `Sendable`; both are only kept alive here (the
/// server exits when its stdin closes) and never touched after `init`, and `port` is a constant.
final class TestServer: @unchecked Sendable {
    static let shared = TestServer()

    let port: Int
    private let process = Process()
    private let stdin = Pipe()

    private init() {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/image_server.py")
        let out = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, Fixtures.directory.path]
        process.standardInput = stdin
        process.standardOutput = out
        try? process.run()
        var line = ""
        while let byte = try? out.fileHandleForReading.read(upToCount: 1), let c = byte.first, c != 0x0A {
            line.append(Character(UnicodeScalar(c)))
        }
        port = Int(line) ?? 0
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Requests the server has seen, by full path (and "conditional …", "304 …" keys).
    func counts() -> [String: Int] {
        guard let url = URL(string: url("/stats")), let data = try? Data(contentsOf: url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Int]
        else { return [:] }
        return object
    }
}

/// A fresh, private disk-cache directory.
func temporaryCacheDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("mdview-cache-\(UUID().uuidString)")
}

/// A unique suffix so tests sharing the server never share a URL.
func unique() -> String { "?u=\(UUID().uuidString.prefix(8))" }

/// The image side of the resolve stage as layout meets it: resolve an image, then ask for its rows at a
/// number of columns.
struct ImageStage {
    let resolver: TerminalImageResolver
    let baseDirectory: URL?

    /// The rows the image occupies in `columns`, or nil for its alt text.
    func rows(_ image: ImageReference, columns: Int = 40) -> ImageRows? {
        resolver.resolve(image, baseDirectory: baseDirectory)?.rows(availableColumns: columns)
    }

    /// Why the image cannot be shown, or nil when it can be decoded.
    func failure(_ image: ImageReference) -> ImageError? {
        if case .failure(let error) = resolver.decoded(image, baseDirectory: baseDirectory) { return error }
        return nil
    }
}

/// The image stage over a fresh pipeline (memory cache, de-duplication, HTTP with short time-outs), with
/// `images` prefetched as the resolve stage does.
func makeRenderer(
    _ images: [ImageReference], output: ImageOutput = .halfBlocks, disk: DiskCache? = nil,
    settings: HTTPImageLoader.Settings = HTTPImageLoader.Settings(idleTimeout: 1, totalTimeout: 2, maxBytes: 2 << 20),
    sizer: any ImageSizer = AspectScaleDownByWidth()
) -> (ImageStage, CachingImageLoader) {
    let loader = CachingImageLoader(files: FileImageLoader(), http: HTTPImageLoader(settings: settings), disk: disk)
    let pipeline = ImagePipeline(loader: loader)
    let resolver = TerminalImageResolver(
        configuration: .init(output: output, sizer: sizer, cellWidth: 10, cellHeight: 20), pipeline: pipeline)
    resolver.prefetch(images, baseDirectory: Fixtures.directory)
    return (ImageStage(resolver: resolver, baseDirectory: Fixtures.directory), loader)
}

/// Writes `body` as `doc.md` in a fresh temporary directory and returns its path.
func temporaryDocument(_ body: String) throws -> String {
    let dir = temporaryCacheDirectory()
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let file = dir.appendingPathComponent("doc.md")
    try body.write(to: file, atomically: true, encoding: .utf8)
    return file.path
}
