import Glibc

/// A grammar library found on the search path and the highlight query that goes with it.
package struct GrammarCandidate: Equatable, Sendable {
    package var library: String
    package var query: String?
    package var layout: GrammarSearchPath.Entry.Layout
}

/// Finds the files of one language on the search path. Only called when a block needs the language.
package struct GrammarLocator: Sendable {
    package let searchPath: GrammarSearchPath

    package init(searchPath: GrammarSearchPath) {
        self.searchPath = searchPath
    }

    /// Every directory actually searched, with patterns expanded (for diagnostics).
    package func directories() -> [(directory: String, layout: GrammarSearchPath.Entry.Layout)] {
        searchPath.entries.flatMap { entry in
            expand(entry.directory).map { ($0, entry.layout) }
        }
    }

    /// Candidates in search-path order. The query of mdview's own directories is preferred for every
    /// candidate (its captures are the ones mdview's themes know); another tool's query is used only
    /// when no mdview directory has one.
    package func candidates(for language: LanguageDescriptor) -> [GrammarCandidate] {
        let dirs = directories()
        let ownQuery = dirs.lazy.filter { $0.layout == .mdview }
            .map { "\($0.directory)/\(language.id)/highlights.scm" }
            .first { (path: String) in access(path, R_OK) == 0 }
        var result: [GrammarCandidate] = []
        for (dir, layout) in dirs {
            let names = layout == .mdview ? [language.id] : [language.id] + language.foreignNames
            for name in names {
                let library = "\(dir)/\(name).so"
                guard exists(library) else { continue }
                var query = ownQuery
                if query == nil {
                    let path =
                        layout == .mdview
                        ? "\(dir)/\(name)/highlights.scm"
                        : "\(dir)/../queries/\(name)/highlights.scm"
                    query = exists(path) ? path : nil
                }
                result.append(GrammarCandidate(library: library, query: query, layout: layout))
                break
            }
        }
        return result
    }

    private func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    private func expand(_ pattern: String) -> [String] {
        guard pattern.contains("*") else { return [pattern] }
        var matches = glob_t()
        defer { globfree(&matches) }
        guard glob(pattern, 0, nil, &matches) == 0 else { return [] }
        return (0..<Int(matches.gl_pathc)).compactMap { index in
            matches.gl_pathv[index].map { String(cString: $0) }
        }
    }
}
