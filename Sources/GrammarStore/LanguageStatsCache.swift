import Glibc
import MarkdownCore

/// What `--list-languages` last found for each language, kept in a small file so that listing 100+
/// languages does not open 100+ grammar libraries every time: a language is loaded again only when its
/// grammar library or query changed (path, size or modification time) since it was listed.
///
/// One line per language: `id`, the key, then the source, ABI, patterns kept and total, tab-separated.
/// A file that cannot be read or written only costs the loading it would have saved.
public struct LanguageStatsCache: Sendable {
    /// Where the file is (`$XDG_CACHE_HOME/mdview/language-stats.tsv`).
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The cache file for `environment`'s `XDG_CACHE_HOME` or `HOME`; nil when neither is set.
    public static func standard(environment: [String: String]) -> LanguageStatsCache? {
        let base =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { $0 + "/.cache" }
        return base.map { LanguageStatsCache(path: $0 + "/mdview/language-stats.tsv") }
    }

    /// A cached line: the key it was stored under and the status it describes.
    package struct Entry {
        package var key: String
        package var status: LanguageStatus

        package init(key: String, status: LanguageStatus) {
            (self.key, self.status) = (key, status)
        }
    }

    /// The key of a language's files: both paths with their sizes and modification times; nil when one
    /// is missing.
    package static func key(library: String, query: String?) -> String? {
        guard let query else { return nil }
        var parts: [String] = []
        for path in [library, query] {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            parts.append("\(path)|\(info.st_size)|\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)")
        }
        return parts.joined(separator: "|")
    }

    package func read() -> [String: Entry] {
        guard let bytes = try? FileReader.read(path: path, regularFilesOnly: true) else { return [:] }
        var result: [String: Entry] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 6, let abi = UInt32(fields[3]), let kept = Int(fields[4]),
                let total = Int(fields[5])
            else { continue }
            var status = LanguageStatus(id: fields[0], aliases: [])
            status.source = fields[2].isEmpty ? nil : fields[2]
            status.abi = abi
            status.patternsKept = kept
            status.patternsTotal = total
            result[fields[0]] = Entry(key: fields[1], status: status)
        }
        return result
    }

    package func write(_ entries: [String: Entry]) {
        let text =
            entries.keys.sorted().compactMap { id -> String? in
                guard let entry = entries[id], let abi = entry.status.abi, let kept = entry.status.patternsKept,
                    let total = entry.status.patternsTotal, !entry.key.contains("\t")
                else { return nil }
                return [id, entry.key, entry.status.source ?? "", "\(abi)", "\(kept)", "\(total)"].joined(
                    separator: "\t")
            }.joined(separator: "\n") + "\n"
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        _ = mkdir(String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)]), 0o755)
        _ = mkdir(directory, 0o755)
        let temporary = path + ".\(getpid()).tmp"
        guard let file = fopen(temporary, "w") else { return }
        let written = text.utf8CString.withUnsafeBufferPointer { fputs($0.baseAddress, file) }
        fclose(file)
        if written >= 0 { rename(temporary, path) } else { unlink(temporary) }
    }
}
