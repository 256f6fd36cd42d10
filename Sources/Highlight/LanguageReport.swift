import BuiltInHighlight
import GrammarStore
import MarkdownCore

extension TreeSitterHighlighter {
    /// Loads every language (this is for `--list-languages`, not for rendering) and describes each,
    /// the built-in ones last.
    public func languageStatuses() -> [LanguageStatus] {
        LanguageCatalog.all.map(status(for:)) + builtInStatuses
    }

    /// The statuses, taking each language whose grammar and query are unchanged since the last listing
    /// from `cache` instead of loading it (see `LanguageStatsCache`), and updating the cache.
    public func languageStatuses(cache: LanguageStatsCache) -> [LanguageStatus] {
        var entries = cache.read()
        var changed = false
        let locator = GrammarLocator(searchPath: registry.searchPath)
        let grammars = LanguageCatalog.all.map { descriptor -> LanguageStatus in
            if let candidate = locator.candidates(for: descriptor).first,
                let key = LanguageStatsCache.key(library: candidate.library, query: candidate.query),
                let entry = entries[descriptor.id], entry.key == key
            {
                var status = entry.status
                status.id = descriptor.id
                status.aliases = descriptor.aliases
                status.grammarPath = candidate.library
                status.queryPath = candidate.query
                return status
            }
            let status = status(for: descriptor)
            if let library = status.grammarPath, status.patternsKept != nil,
                let key = LanguageStatsCache.key(library: library, query: status.queryPath)
            {
                entries[descriptor.id] = LanguageStatsCache.Entry(key: key, status: status)
                changed = true
            }
            return status
        }
        if changed { cache.write(entries) }
        return grammars + builtInStatuses
    }

    private var builtInStatuses: [LanguageStatus] {
        BuiltInLanguage.allCases.map { LanguageStatus(id: $0.rawValue, aliases: $0.aliases, source: "built-in") }
    }

    /// Loads one language and describes it.
    private func status(for descriptor: LanguageDescriptor) -> LanguageStatus {
        var status = LanguageStatus(id: descriptor.id, aliases: descriptor.aliases)
        switch registry.outcome(for: descriptor) {
        case .loaded(let language):
            status.grammarPath = language.grammar.path
            status.queryPath = language.queryPath
            status.source = Self.source(besideQuery: language.queryPath)
            status.abi = language.grammar.abi
            switch language.query {
            case .success(let query):
                status.patternsKept = query.patternsKept
                status.patternsTotal = query.patternsTotal
                status.droppedPatterns = Self.firstLines(
                    of: query.droppedPatterns, in: (try? FileReader.read(path: language.queryPath)) ?? [])
            case .failure(let error):
                status.problem = error.description
            }
        case .failed(let error):
            status.problem = error.description
        }
        return status
    }

    /// The `--list-languages` text: one line per language with its source, the query's patterns kept of
    /// its total and its other aliases, or why it is not available; `verbose` adds a line with where the
    /// grammar and query were found, the grammar's ABI and the dropped patterns. Without `verbose`,
    /// `cache` spares loading the languages listed before (see `LanguageStatsCache`).
    public func languageReport(verbose: Bool = false, cache: LanguageStatsCache? = nil) -> String {
        let statuses = verbose ? languageStatuses() : cache.map { languageStatuses(cache: $0) } ?? languageStatuses()
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
    static func firstLines(of ranges: [Range<Int>], in source: [UInt8]) -> [String] {
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
    static func source(besideQuery queryPath: String) -> String? {
        let directory = queryPath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        let path = directory.joined(separator: "/") + "/source"
        guard let bytes = try? FileReader.read(path: path, regularFilesOnly: true), bytes.count < 256,
            let line = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first
        else { return nil }
        let text = line.filter { $0 != " " && $0 != "\t" }
        return text.isEmpty ? nil : String(text)
    }
}
