/// What `mdview --list-languages` shows about one language.
public struct LanguageStatus: Sendable, Equatable {
    public var id: String
    public var aliases: [String]
    /// The grammar library used, nil when none loaded.
    public var grammarPath: String?
    public var queryPath: String?
    public var abi: UInt32?
    public var patternsKept: Int?
    public var patternsTotal: Int?
    /// Why the language cannot be highlighted, nil when it can.
    public var problem: String?
}

extension TreeSitterHighlighter {
    /// Loads every language (this is for `--list-languages`, not for rendering) and describes each.
    public func languageStatuses() -> [LanguageStatus] {
        LanguageCatalog.all.map { descriptor in
            var status = LanguageStatus(id: descriptor.id, aliases: descriptor.aliases)
            switch registry.outcome(for: descriptor) {
            case .loaded(let language):
                status.grammarPath = language.grammar.path
                status.queryPath = language.queryPath
                status.abi = language.grammar.abi
                switch language.query {
                case .success(let query):
                    status.patternsKept = query.patternsKept
                    status.patternsTotal = query.patternsTotal
                case .failure(let error):
                    status.problem = error.description
                }
            case .failed(let error):
                status.problem = error.description
            }
            return status
        }
    }

    /// The `--list-languages` text: one line per language with its aliases and where its grammar was
    /// found (ABI, patterns kept of the query's total), or why it is not available.
    public func languageReport() -> String {
        let statuses = languageStatuses()
        let width = (statuses.map(\.id.count).max() ?? 0) + 2
        var lines: [String] = []
        for status in statuses {
            let name = status.id + String(repeating: " ", count: width - status.id.count)
            let aliases = "aliases: " + status.aliases.joined(separator: ", ")
            if let path = status.grammarPath, let abi = status.abi,
                let kept = status.patternsKept, let total = status.patternsTotal
            {
                lines.append("\(name)\(aliases)")
                lines.append(
                    String(repeating: " ", count: width)
                        + "grammar: \(path) (ABI \(abi)); query: \(kept)/\(total) patterns")
            } else {
                lines.append("\(name)\(aliases)")
                lines.append(String(repeating: " ", count: width) + "not available: \(status.problem ?? "unknown")")
            }
        }
        let found = statuses.filter { $0.patternsKept != nil }.count
        lines.append("\(found) of \(statuses.count) languages available")
        return lines.joined(separator: "\n") + "\n"
    }
}
