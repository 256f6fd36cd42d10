import MarkdownCore

/// The `--list-languages` listing of language statuses, and what it reads beside a language's query.
extension LanguageStatus {
    /// The `--list-languages` text: one line per language with its source, the query's patterns kept of
    /// its total and its other aliases, or why it is not available; `verbose` adds a line with where the
    /// grammar and query were found, the grammar's ABI and the dropped patterns.
    public static func table(_ statuses: [LanguageStatus], verbose: Bool) -> String {
        let idWidth = (statuses.map(\.id.count).max() ?? 0) + 2
        let sourceWidth = (statuses.compactMap(\.source).map(\.count).max() ?? 0) + 2
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(1, width - text.count))
        }
        var lines = [pad("language", idWidth) + pad("source", sourceWidth) + pad("patterns", 11) + "aliases"]
        for status in statuses {
            let aliases = status.aliases.filter { $0 != status.id }.joined(separator: ", ")
            let name = pad(status.id, idWidth)
            if status.source == "built-in" {
                lines.append(name + pad("built-in", sourceWidth) + pad("-", 11) + aliases)
            } else if let kept = status.patternsKept, let total = status.patternsTotal {
                lines.append(
                    name + pad(status.source ?? "unknown", sourceWidth) + pad("\(kept)/\(total)", 11) + aliases)
                if verbose, let path = status.grammarPath, let abi = status.abi {
                    let indent = String(repeating: " ", count: idWidth)
                    lines.append(indent + "grammar: \(path) (ABI \(abi)); query: " + (status.queryPath ?? "none"))
                    lines += status.droppedPatterns.map { indent + "dropped: " + $0 }
                }
            } else {
                lines.append(name + "not available: \(status.problem ?? "unknown")")
            }
        }
        let found = statuses.filter { $0.patternsKept != nil || $0.source == "built-in" }.count
        lines.append("\(found) of \(statuses.count) languages available")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `line N: <first line of the pattern>` for each range of `source`.
    package static func firstLines(of ranges: [Range<Int>], in source: [UInt8]) -> [String] {
        var line = 1
        var position = 0
        return ranges.map { range in
            while position < range.lowerBound, position < source.count {
                if source[position] == UInt8(ascii: "\n") { line += 1 }
                position += 1
            }
            let end = source[range].firstIndex(of: UInt8(ascii: "\n")) ?? range.upperBound
            let text = String(decoding: source[range.lowerBound..<min(end, range.lowerBound + 100)], as: UTF8.self)
            return "line \(line): \(text)"
        }
    }

    /// The `source` file the installer writes beside a language's query, trimmed; nil when absent.
    package static func source(besideQuery queryPath: String) -> String? {
        let directory = queryPath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        let path = directory.joined(separator: "/") + "/source"
        guard let bytes = try? FileReader.read(path: path, regularFilesOnly: true), bytes.count < 256,
            let line = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first
        else { return nil }
        let text = line.filter { $0 != " " && $0 != "\t" }
        return text.isEmpty ? nil : String(text)
    }
}
