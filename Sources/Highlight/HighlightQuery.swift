import CTreeSitter

/// A language's compiled highlight query with everything precomputed that highlighting needs per
/// match: capture names and each pattern's predicates. Immutable after creation, so one instance is
/// shared by all threads (each highlight uses its own query cursor).
final class HighlightQuery: @unchecked Sendable {
    let query: OpaquePointer
    let captureNames: [String]
    /// Indexed by pattern; nil for a pattern that was disabled (unsupported predicate).
    let predicates: [[QueryPredicate]?]
    /// Top-level patterns in the query file.
    let patternsTotal: Int
    /// Patterns that compiled and are enabled.
    let patternsKept: Int
    /// How many `ts_query_new` calls loading took (1 unless a stale pattern slipped past validation).
    let compileCount: Int

    /// Compiles `source` for `language` (patterns put in first-wins order, see `QueryPrecedence`), dropping the patterns that fail one at a time (by the error
    /// offset tree-sitter reports) so that a stale pattern costs that pattern and not the language.
    init(source: [UInt8], language: OpaquePointer, path: String) throws(HighlightError) {
        let patterns = QueryPrecedence.ordered(QuerySplitter.patterns(in: source), in: source).map { Array(source[$0]) }
        let total = patterns.count
        // Names the grammar lacks are removed before compiling; the retry loop below catches the rest.
        let validator = QueryValidator(language: language)
        var kept = patterns.compactMap { validator.cleaned($0) }
        guard total > 0 else { throw .unusableQuery(path: path, reason: "no patterns") }
        var compileCount = 0

        var compiled: OpaquePointer?
        while compiled == nil {
            guard !kept.isEmpty else {
                throw .unusableQuery(path: path, reason: "none of its \(total) patterns compiles for this grammar")
            }
            var text: [UInt8] = []
            var starts: [Int] = []
            for pattern in kept {
                starts.append(text.count)
                text.append(contentsOf: pattern)
                text.append(UInt8(ascii: "\n"))
            }
            var offset: UInt32 = 0
            var error = TSQueryErrorNone
            compileCount += 1
            compiled = text.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.flatMap { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                        ts_query_new(language, $0, UInt32(buffer.count), &offset, &error)
                    }
                }
            }
            if compiled == nil {
                // The pattern holding the error offset loses the failing alternative of a `[…]` list
                // (an unknown keyword or node type), or else goes whole; the rest is compiled again.
                let failing = (starts.lastIndex { $0 <= Int(offset) }) ?? 0
                let local = Int(offset) - starts[failing]
                if error == TSQueryErrorNodeType || error == TSQueryErrorField,
                    let trimmed = QuerySplitter.removingAlternative(at: local, from: kept[failing])
                {
                    kept[failing] = trimmed
                } else {
                    kept.remove(at: failing)
                }
            }
        }
        guard let query = compiled else { throw .unusableQuery(path: path, reason: "no patterns") }

        let captureCount = ts_query_capture_count(query)
        var names: [String] = []
        for id in 0..<captureCount {
            var length: UInt32 = 0
            let pointer = ts_query_capture_name_for_id(query, id, &length)
            names.append(pointer.map {
                String(decoding: UnsafeRawBufferPointer(start: $0, count: Int(length)), as: UTF8.self)
            } ?? "")
        }
        var predicates: [[QueryPredicate]?] = []
        var enabled = 0
        for pattern in 0..<ts_query_pattern_count(query) {
            let list = QueryPredicate.predicates(of: query, pattern: pattern)
            if list == nil { ts_query_disable_pattern(query, pattern) } else { enabled += 1 }
            predicates.append(list)
        }
        self.query = query
        self.captureNames = names
        self.predicates = predicates
        self.patternsTotal = total
        self.patternsKept = enabled
        self.compileCount = compileCount
    }

    deinit { ts_query_delete(query) }
}
