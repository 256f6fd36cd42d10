import FoundationEssentials
import MarkdownCore

#if canImport(Glibc)
    import Glibc
#endif

/// mdview's persistent image cache, under `$XDG_CACHE_HOME/mdview/images` (`~/.cache/mdview/images`).
///
/// Entries are files named by a hash of the URL, holding a one-line JSON header (URL, validators,
/// freshness, length, checksum) and the body. Directories are 0700 and files 0600; each write goes to a
/// temporary file in the same directory and is renamed into place, so concurrent processes never leave
/// a torn entry; an entry that fails its checks is a miss. Reads refresh an entry's modification time,
/// and writes evict the least recently used entries beyond `maxBytes`.
public final class DiskCache: Sendable {
    /// What an entry records besides its body.
    public struct Metadata: Codable, Equatable, Sendable {
        public var url: String
        public var etag: String?
        public var lastModified: String?
        public var freshUntil: Double
        public var length: Int
        public var checksum: String
    }

    public struct Entry: Sendable {
        public var metadata: Metadata
        public var body: [UInt8]

        public func isFresh(at now: Double) -> Bool { now < metadata.freshUntil }
    }

    private static let magic = Array("mdview-image-cache 1\n".utf8)
    public let directory: URL
    public let maxBytes: Int
    /// A directory above `directory` that must already exist: only the directories below it are
    /// created, and without it the cache keeps nothing. nil: the whole path is created.
    public let base: URL?

    public init(directory: URL, maxBytes: Int = 200 << 20, base: URL? = nil) {
        self.directory = directory
        self.maxBytes = maxBytes
        self.base = base
    }

    /// The standard location, from `XDG_CACHE_HOME` or `HOME`; nil when neither is set.
    public static func standardDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        standardLocation(environment: environment)?.directory
    }

    /// The standard cache, whose base must exist: `$HOME` for `~/.cache/mdview/images`, or the directory
    /// holding `$XDG_CACHE_HOME` (which is created when missing, as the XDG specification asks). A `HOME`
    /// that names nothing gets no cache rather than a home made for it.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> DiskCache? {
        guard let (directory, base) = standardLocation(environment: environment) else { return nil }
        return DiskCache(directory: directory, base: base)
    }

    private static func standardLocation(environment: [String: String]) -> (directory: URL, base: URL)? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            let cache = URL(fileURLWithPath: xdg)
            return (cache.appendingPathComponent("mdview/images"), cache.deletingLastPathComponent())
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            let base = URL(fileURLWithPath: home)
            return (base.appendingPathComponent(".cache/mdview/images"), base)
        }
        return nil
    }

    private func path(for url: String) -> String {
        directory.appendingPathComponent(StableHash.key(url)).path
    }

    public func read(_ url: String) -> Entry? {
        let path = self.path(for: url)
        guard let bytes = try? FileImageLoader(maxBytes: ImageLimits.standard.maxBytes + 65_536).read(path) else {
            return nil
        }
        guard bytes.count > Self.magic.count, Array(bytes[0..<Self.magic.count]) == Self.magic,
            let newline = bytes[Self.magic.count...].firstIndex(of: 0x0A),
            let metadata = try? JSONDecoder().decode(Metadata.self, from: Data(bytes[Self.magic.count..<newline])),
            metadata.url == url, metadata.length == bytes.count - newline - 1
        else {
            unlink(path)  // corrupt or foreign: a miss
            return nil
        }
        let body = Array(bytes[(newline + 1)...])
        guard StableHash.hex(StableHash.fnv1a(body)) == metadata.checksum else {
            unlink(path)
            return nil
        }
        utimensat(AT_FDCWD, path, nil, 0)  // most recently used
        return Entry(metadata: metadata, body: body)
    }

    public func write(url: String, body: [UInt8], etag: String?, lastModified: String?, freshUntil: Double) {
        let metadata = Metadata(
            url: url, etag: etag, lastModified: lastModified, freshUntil: freshUntil, length: body.count,
            checksum: StableHash.hex(StableHash.fnv1a(body)))
        guard let json = try? JSONEncoder().encode(metadata), ensureDirectory() else { return }
        var template = Array(directory.appendingPathComponent(".tmp-XXXXXX").path.utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)  // creates the file 0600
        }
        guard fd >= 0 else { return }
        let temporary = String(
            decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = fchmod(fd, 0o600) == 0
        for part in [Self.magic, [UInt8](json) + [0x0A], body] where ok {
            ok = writeAll(fd, part)
        }
        close(fd)
        if !ok || rename(temporary, path(for: url)) != 0 {
            unlink(temporary)
            return
        }
        evictIfNeeded()
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return -1 }
                return Glibc.write(fd, base + offset, raw.count - offset)
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    private func ensureDirectory() -> Bool {
        if let base {
            var info = stat()
            guard stat(base.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        }
        var components: [URL] = []
        var current = directory
        while !FileManager.default.fileExists(atPath: current.path) && current.path != "/" {
            if let base, current.standardizedFileURL.path == base.standardizedFileURL.path { return false }
            components.append(current)
            current = current.deletingLastPathComponent()
        }
        for dir in components.reversed() {
            if mkdir(dir.path, 0o700) != 0 && errno != EEXIST { return false }
        }
        return true
    }

    /// Removes least-recently-used entries until the total is within `maxBytes`, and stale temporaries.
    public func evictIfNeeded() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        var entries: [(path: String, size: Int, used: Double)] = []
        var total = 0
        let now = Date().timeIntervalSince1970
        for name in names {
            let p = directory.appendingPathComponent(name).path
            var info = stat()
            guard lstat(p, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let used = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            if name.hasPrefix(".tmp-") {
                if now - used > 3600 { unlink(p) }
                continue
            }
            entries.append((p, Int(info.st_size), used))
            total += Int(info.st_size)
        }
        guard total > maxBytes else { return }
        for entry in entries.sorted(by: { $0.used < $1.used }) where total > maxBytes {
            if unlink(entry.path) == 0 { total -= entry.size }
        }
    }
}
