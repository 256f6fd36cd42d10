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
            status.source = LanguageStatus.source(besideQuery: language.queryPath)
            status.abi = language.grammar.abi
            switch language.query {
            case .success(let query):
                status.patternsKept = query.patternsKept
                status.patternsTotal = query.patternsTotal
                status.droppedPatterns = LanguageStatus.firstLines(
                    of: query.droppedPatterns, in: (try? FileReader.read(path: language.queryPath)) ?? [])
            case .failure(let error):
                status.problem = error.description
            }
        case .failed(let error):
            status.problem = error.description
        }
        return status
    }

    /// The `--list-languages` text (`LanguageStatus.table`). Without `verbose`, `cache` spares loading the
    /// languages listed before (see `LanguageStatsCache`).
    public func languageReport(verbose: Bool = false, cache: LanguageStatsCache? = nil) -> String {
        LanguageStatus.table(
            verbose ? languageStatuses() : cache.map { languageStatuses(cache: $0) } ?? languageStatuses(),
            verbose: verbose)
    }
}
