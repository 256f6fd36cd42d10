import Glibc
import HighlightQuery
import MarkdownCore

/// Compiled highlight queries kept on disk (`$XDG_CACHE_HOME/mdview/queries`, beside the image cache
/// and `LanguageStatsCache`), so that a process highlighting a block takes its language's query from a
/// file instead of reading the query's text: on a small README with code, reading the query was the
/// largest part of what highlighting added to start-up.
///
/// One file per grammar library and build of mdview, named after the language and a hash of the
/// library's path and the build (the running executable's size, modification time and inode), so that
/// two builds used in turn (an installed mdview and one being developed, or a benchmark comparing them)
/// each keep theirs instead of rewriting one file at every start. The header holds a key made of the
/// query's contents (hashed), the library's path, size, modification time and inode, and the build, so
/// that a grammar or query installed again makes the file stale; hashing the library's contents
/// instead would read half a megabyte or more at every start. A file whose magic, key, length or
/// checksum is wrong, or whose tables `QueryArchive` refuses, is ignored and written again; files are
/// written to a temporary name and renamed, so a reader never sees half of one. Writing one removes the
/// oldest files of its language beyond `filesPerLanguage`, those of builds since replaced.
public struct CompiledQueryCache: Sendable {
    /// The directory holding the files.
    public let directory: String
    /// What tells this build of mdview from another: the running executable's size, modification time
    /// and inode (empty when it cannot be examined, and then nothing is cached).
    package let build: String

    package static let magic = Array("mdview-query\n".utf8)
    /// How many files a language keeps, one per build that used it last.
    package static let filesPerLanguage = 4

    public init(directory: String) {
        self.init(directory: directory, build: Self.runningBuild)
    }

    package init(directory: String, build: String) {
        self.directory = directory
        self.build = build
    }

    /// The running executable's identity; another build of mdview, whose engine may number or read the
    /// tables differently, never takes this one's files.
    private static let runningBuild: String = {
        var executable = stat()
        guard stat("/proc/self/exe", &executable) == 0 else { return "" }
        return "\(executable.st_size)|\(executable.st_mtim.tv_sec).\(executable.st_mtim.tv_nsec)|\(executable.st_ino)"
    }()

    /// The cache for `environment`'s `XDG_CACHE_HOME` or `HOME`; nil when neither is set.
    public static func standard(environment: [String: String]) -> CompiledQueryCache? {
        let base =
            environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 + "/.cache" : nil }
        return base.map { CompiledQueryCache(directory: $0 + "/mdview/queries") }
    }

    /// The key of a query read from `source` for the grammar library at `library`; nil when the library
    /// or the build cannot be examined.
    package func key(library: String, source: [UInt8]) -> [UInt8]? {
        var info = stat()
        guard !build.isEmpty, stat(library, &info) == 0 else { return nil }
        let text =
            "\(QueryArchive.formatVersion)|\(library)|\(info.st_size)|\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            + "|\(info.st_ino)|\(source.count)|\(hashText(source))|\(build)"
        return Array(text.utf8)
    }

    package func path(language: String, library: String) -> String {
        "\(directory)/\(language)-\(hashText(Array("\(library)|\(build)".utf8))).query"
    }

    /// The archived query stored under `key` at `path`, or nil when there is none or the file is not a
    /// sound one for that key.
    package func payload(at path: String, key: [UInt8]) -> [UInt8]? {
        guard let bytes = try? FileReader.read(path: path, regularFilesOnly: true) else { return nil }
        var reader = HeaderReader(bytes: bytes)
        guard reader.take(Self.magic), let storedKey = reader.string(), storedKey == key,
            let checksum = reader.string(), let payload = reader.rest(),
            checksum == Array(hashText(payload).utf8)
        else { return nil }
        return payload
    }

    /// Stores `payload` under `key` at `path`, atomically; a failure only costs the next process the read.
    package func store(_ payload: [UInt8], key: [UInt8], at path: String) {
        var bytes = Self.magic
        for field in [key, Array(hashText(payload).utf8)] {
            bytes += Array("\(field.count)\n".utf8) + field
        }
        bytes += payload
        let parent = String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)])
        _ = mkdir(parent, 0o755)
        _ = mkdir(directory, 0o755)
        let temporary = path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        if written == bytes.count { rename(temporary, path) } else { unlink(temporary) }
        removeOldest(besides: path)
    }

    /// Removes the oldest files of `path`'s language (by modification time) beyond `filesPerLanguage`.
    private func removeOldest(besides path: String) {
        let name = path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...]
        guard let dash = name.lastIndex(of: "-"), let folder = opendir(directory) else { return }
        defer { closedir(folder) }
        let prefix = name[...dash]
        var others: [(modified: Int, path: String)] = []
        while let found = readdir(folder) {
            let entry = withUnsafeBytes(of: found.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            // Another language's id may begin with this one's and a dash; hashes hold none.
            guard entry.hasPrefix(prefix), entry.hasSuffix(".query"), entry != name,
                !entry.dropFirst(prefix.count).contains("-")
            else { continue }
            var info = stat()
            let other = "\(directory)/\(entry)"
            guard stat(other, &info) == 0 else { continue }
            others.append((info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec, other))
        }
        for old in others.sorted(by: { $0.modified < $1.modified }).dropLast(Self.filesPerLanguage - 1) {
            unlink(old.path)
        }
    }

    /// The compiled query for `source` and the grammar library at `library` (whose node types are
    /// `symbols`): from the cache when a sound file is there, else compiled and stored for next time.
    public func query(language: String, library: String, source: [UInt8], symbols: GrammarSymbols)
        throws(QueryError) -> CompiledQuery
    {
        guard let key = key(library: library, source: source) else {
            return try CompiledQuery(source: source, symbols: symbols)
        }
        let path = path(language: language, library: library)
        if let payload = payload(at: path, key: key),
            let query = try? QueryArchive.decode(payload, symbols: symbols, sourceCount: source.count)
        {
            return query
        }
        let query = try CompiledQuery(source: source, symbols: symbols)
        store(QueryArchive.encode(query), key: key, at: path)
        return query
    }
}

/// FNV-1a over `bytes`, in hexadecimal: the key's hash of a query and the files' checksum.
private func hashText(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return String(hash, radix: 16)
}

/// Reads the cache file's header: the magic, then length-prefixed fields (`<decimal length>\n<bytes>`).
private struct HeaderReader {
    let bytes: [UInt8]
    var position = 0

    mutating func take(_ expected: [UInt8]) -> Bool {
        guard bytes.count - position >= expected.count,
            bytes[position..<position + expected.count].elementsEqual(expected)
        else { return false }
        position += expected.count
        return true
    }

    mutating func string() -> [UInt8]? {
        var length = 0
        var digits = 0
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n") {
            let byte = bytes[position]
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 9 else { return nil }
            length = length * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            position += 1
        }
        guard digits > 0, position < bytes.count, bytes.count - position - 1 >= length else { return nil }
        position += 1
        defer { position += length }
        return Array(bytes[position..<position + length])
    }

    func rest() -> [UInt8]? {
        position < bytes.count ? Array(bytes[position...]) : nil
    }
}
