import CTreeSitter
import Dispatch
import MarkdownCore

/// One highlight run: parse `code` with the language's grammar, run its query, evaluate predicates
/// and resolve overlaps. Uses its own parser and query cursor, so runs on different threads share
/// only the immutable grammar and query.
enum TreeHighlighting {
    /// Captures that carry no colour of their own (locals bookkeeping, spell checking, private
    /// captures used only by predicates) are left out before overlaps are resolved.
    static func isColouring(_ name: String) -> Bool {
        !(name.hasPrefix("_") || name.hasPrefix("local") || name.hasPrefix("injection")
            || name == "spell" || name == "nospell" || name == "conceal")
    }

    static func tokens(
        code: [UInt8], language: LoadedLanguage, timeoutMicros: UInt64
    ) -> Result<[SyntaxToken], HighlightError> {
        let timedOut = HighlightError.timedOut(
            language: language.descriptor.id, bytes: code.count, milliseconds: Int(timeoutMicros / 1000))
        guard !code.isEmpty else { return .success([]) }
        guard code.count < Int(UInt32.max) else { return .failure(timedOut) }
        let start = DispatchTime.now().uptimeNanoseconds

        guard let parser = ts_parser_new() else { return .failure(timedOut) }
        defer { ts_parser_delete(parser) }
        ts_parser_set_language(parser, language.grammar.language)
        ts_parser_set_timeout_micros(parser, timeoutMicros)
        let parsed = code.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    ts_parser_parse_string(parser, nil, $0, UInt32(buffer.count))
                }
            }
        }
        guard let tree = parsed else { return .failure(timedOut) }
        let parseNanoseconds = DispatchTime.now().uptimeNanoseconds - start
        defer { ts_tree_delete(tree) }

        // The query may still be compiling on another thread (first use of the language).
        let query: HighlightQuery
        switch language.query {
        case .success(let compiled): query = compiled
        case .failure(let error): return .failure(error)
        }
        guard let cursor = ts_query_cursor_new() else { return .failure(timedOut) }
        defer { ts_query_cursor_delete(cursor) }
        ts_query_cursor_exec(cursor, query.query, ts_tree_root_node(tree))

        let colouring = query.captureNames.map(isColouring)
        // Parsing and querying share the time-out; waiting for the query to compile does not count.
        let budget = timeoutMicros * 1000 > parseNanoseconds ? timeoutMicros * 1000 - parseNanoseconds : 0
        let deadline = DispatchTime.now().uptimeNanoseconds + budget
        var records: [CaptureRecord] = []
        records.reserveCapacity(code.count / 4)
        var match = TSQueryMatch()
        var matchCount = 0
        while ts_query_cursor_next_match(cursor, &match) {
            matchCount += 1
            if matchCount & 255 == 0, DispatchTime.now().uptimeNanoseconds > deadline {
                return .failure(timedOut)
            }
            let pattern = Int(match.pattern_index)
            guard pattern < query.predicates.count, let predicates = query.predicates[pattern],
                let captures = match.captures
            else { continue }
            let count = Int(match.capture_count)
            if !predicates.isEmpty {
                let holds = code.withUnsafeBufferPointer { buffer in
                    predicates.allSatisfy { $0.holds(captures: captures, count: count, code: buffer) }
                }
                guard holds else { continue }
            }
            for index in 0..<count {
                let capture = captures[index]
                guard colouring[Int(capture.index)] else { continue }
                records.append(CaptureRecord(
                    start: Int(ts_node_start_byte(capture.node)), end: Int(ts_node_end_byte(capture.node)),
                    pattern: UInt32(match.pattern_index), capture: capture.index))
            }
        }
        return .success(CaptureResolver.tokens(from: records, names: query.captureNames, byteCount: code.count))
    }
}
