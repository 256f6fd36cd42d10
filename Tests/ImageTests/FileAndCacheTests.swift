import Foundation
import Testing

@testable import MarkdownCore
@testable import MarkdownImages

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct FileAndCacheTests {
    @Test func relativePathsResolveAgainstTheDocumentDirectory() throws {
        let base = URL(fileURLWithPath: "/docs/guide")
        #expect(try ImageLocation.resolve("img/a.png", baseDirectory: base) == .file(path: "/docs/guide/img/a.png"))
        #expect(try ImageLocation.resolve("../a%20b.png", baseDirectory: base) == .file(path: "/docs/a b.png"))
        #expect(try ImageLocation.resolve("file:///tmp/x.png", baseDirectory: base) == .file(path: "/tmp/x.png"))
        #expect(
            try ImageLocation.resolve("file:img/y.png", baseDirectory: base) == .file(path: "/docs/guide/img/y.png"))
        #expect(throws: ImageError.unsupportedScheme("ftp")) {
            try ImageLocation.resolve("ftp://h/x.png", baseDirectory: base)
        }
        #expect(throws: ImageError.unsupportedScheme("data")) {
            try ImageLocation.resolve("data:image/png;base64,AAAA", baseDirectory: base)
        }
    }

    @Test func fifosDirectoriesAndOversizedFilesAreRefusedWithoutReading() throws {
        let dir = temporaryCacheDirectory()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let fifo = dir.appendingPathComponent("pipe.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Three bytes wait in the FIFO (held open for reading and writing, so nothing blocks): a loader
        // that read from it would take them.
        let held = open(fifo, O_RDWR | O_NONBLOCK)
        defer { close(held) }
        #expect(write(held, "abc", 3) == 3)
        #expect(throws: ImageError.notARegularFile(path: fifo)) { try FileImageLoader().read(fifo) }
        var left = [UInt8](repeating: 0, count: 8)
        #expect(read(held, &left, left.count) == 3)
        #expect(throws: ImageError.notARegularFile(path: dir.path)) { try FileImageLoader().read(dir.path) }
        #expect(throws: ImageError.tooManyBytes(limit: 100)) {
            try FileImageLoader(maxBytes: 100).read(Fixtures.path("photo800.png"))
        }
    }

    @Test func diskCacheUsesPrivateModesAndTreatsCorruptEntriesAsMisses() throws {
        let dir = temporaryCacheDirectory().appendingPathComponent("mdview/images")
        let cache = DiskCache(directory: dir)
        cache.write(url: "http://x/a.png", body: [1, 2, 3], etag: "\"e\"", lastModified: nil, freshUntil: 1e12)
        var info = stat()
        #expect(stat(dir.path, &info) == 0 && info.st_mode & 0o777 == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(files.count == 1)
        let entry = dir.appendingPathComponent(files[0]).path
        #expect(stat(entry, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(cache.read("http://x/a.png")?.body == [1, 2, 3])
        #expect(cache.read("http://x/other.png") == nil)
        // Flip a body byte: the checksum fails, the entry is a miss and is removed.
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: entry)))
        bytes[bytes.count - 1] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: entry))
        #expect(cache.read("http://x/a.png") == nil)
        #expect(!FileManager.default.fileExists(atPath: entry))
    }

    @Test func eightConcurrentWritersNeverLeaveATornEntry() async throws {
        let dir = temporaryCacheDirectory()
        let body = Fixtures.bytes("photo800.png")
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    DiskCache(directory: dir).write(
                        url: "http://x/big.png", body: body, etag: nil, lastModified: nil, freshUntil: 1e12)
                }
                group.addTask { _ = DiskCache(directory: dir).read("http://x/big.png") }
            }
        }
        #expect(DiskCache(directory: dir).read("http://x/big.png")?.body == body)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(names.filter { $0.hasPrefix(".tmp-") }.isEmpty)
    }

    @Test func leastRecentlyUsedEntriesAreEvictedBeyondTheBound() throws {
        let dir = temporaryCacheDirectory()
        let cache = DiskCache(directory: dir, maxBytes: 2_500)
        let body = [UInt8](repeating: 7, count: 1_000)
        cache.write(url: "u1", body: body, etag: nil, lastModified: nil, freshUntil: 1e12)
        usleep(20_000)
        cache.write(url: "u2", body: body, etag: nil, lastModified: nil, freshUntil: 1e12)
        usleep(20_000)
        _ = cache.read("u1")  // u1 is now more recent than u2
        usleep(20_000)
        cache.write(url: "u3", body: body, etag: nil, lastModified: nil, freshUntil: 1e12)
        #expect(cache.read("u2") == nil)
        #expect(cache.read("u1") != nil)
        #expect(cache.read("u3") != nil)
    }

    @Test func freshnessFollowsCacheControl() {
        let now = 1_000.0
        #expect(
            CacheFreshness(headers: HTTPHeaders(["Cache-Control": "max-age=60"]), now: now)
                == CacheFreshness(store: true, freshUntil: 1_060))
        #expect(CacheFreshness(headers: HTTPHeaders(["cache-control": "no-store"]), now: now).store == false)
        #expect(CacheFreshness(headers: HTTPHeaders(["Cache-Control": "no-cache"]), now: now).freshUntil == now)
        #expect(CacheFreshness(headers: HTTPHeaders(), now: now).freshUntil == now + CacheFreshness.defaultLifetime)
    }

    @Test func memoryCacheIsBounded() {
        let cache = MemoryCache<Int>(countLimit: 3)
        let image = PixelImage(width: 1, height: 1, layout: .rgb, pixels: [0, 0, 0])
        for i in 0..<5 { cache.set(i, image) }
        #expect(cache.count == 3)
        #expect(cache.get(0) == nil && cache.get(4) != nil)
    }
}

@Suite struct HTTPDateTests {
    @Test func parsesIMFFixdate() {
        #expect(HTTPDate.seconds("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.seconds("Thu, 01 Jan 1970 00:00:00 GMT") == 0)
        #expect(HTTPDate.seconds("yesterday") == nil)
        #expect(
            CacheFreshness(headers: HTTPHeaders(["Expires": "Thu, 01 Jan 1970 00:01:00 GMT"]), now: 0).freshUntil == 60)
    }
}
