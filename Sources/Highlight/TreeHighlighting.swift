import CTreeSitter
import Dispatch
import FoundationEssentials
import MarkdownCore

/// One highlight run: parse `code` with the language's grammar, match its query (predicates included)
/// and resolve overlaps. Uses its own parser and matcher, so runs on different threads share only the
/// immutable grammar and query.
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
        let query: HighlightQuery
        switch language.query {
        case .success(let compiled): query = compiled
        case .failure(let error): return .failure(error)
        }
        let start = DispatchTime.now().uptimeNanoseconds

        guard let parser = ts_parser_new() else { return .failure(timedOut) }
        ts_parser_set_language(parser, language.grammar.language)
        ts_parser_set_timeout_micros(parser, timeoutMicros)
        let parsed = code.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    ts_parser_parse_string(parser, nil, $0, UInt32(buffer.count))
                }
            }
        }
        // Freeing a large tree takes a while and nothing waits for it.
        defer { release(parser: parser, tree: parsed) }
        guard let tree = parsed else { return .failure(timedOut) }

        let deadline = start + timeoutMicros * 1000
        guard let records = captureRecords(code: code, query: query, root: ts_tree_root_node(tree), deadline: deadline) else {
            return .failure(timedOut)
        }
        return .success(CaptureResolver.tokens(from: records, names: query.captureNames, byteCount: code.count))
    }

    /// Blocks at least this large have their matches found on two threads.
    static let parallelMatchingBytes = 8 * 1024

    /// The colouring captures of every match in the tree (predicates checked), or nil past the deadline.
    /// A large tree's top-level nodes are split into two halves matched concurrently.
    private static func captureRecords(
        code: [UInt8], query: HighlightQuery, root: TSNode, deadline: UInt64
    ) -> [CaptureRecord]? {
        let topLevel = children(of: root)
        let parts = code.count >= parallelMatchingBytes && topLevel.count >= 2
            && ProcessInfo.processInfo.activeProcessorCount > 1 ? 2 : 1
        // Split where the first half of the bytes ends, not the first half of the nodes.
        let middle = topLevel.firstIndex { Int(ts_node_start_byte($0)) >= code.count / 2 } ?? topLevel.count
        let split = parts == 1 ? 0 : min(max(middle, 1), topLevel.count - 1)
        let results = ConcurrentResults<[CaptureRecord]?>(count: parts)
        code.withUnsafeBufferPointer { buffer in
            let job = MatchJob(
                query: query, code: buffer, root: root, topLevel: topLevel, split: split, parts: parts,
                colouring: query.captureNames.map(isColouring), deadline: deadline)
            DispatchQueue.concurrentPerform(iterations: parts) { part in results[part] = job.records(part: part) }
        }
        let finished = results.values
        guard finished.count == parts else { return nil }
        var all: [CaptureRecord] = []
        for part in finished {
            guard let records = part else { return nil }
            all += records
        }
        return all
    }

    /// What the threads matching one tree share; all of it is read-only while they run. A class: the
    /// per-match closures capture it, and copying a struct of arrays there costs more than matching.
    private final class MatchJob: @unchecked Sendable {
        let query: HighlightQuery
        let code: UnsafeBufferPointer<UInt8>
        let root: TSNode
        let topLevel: [TSNode]
        let split: Int
        let parts: Int
        let colouring: [Bool]
        let deadline: UInt64

        init(
            query: HighlightQuery, code: UnsafeBufferPointer<UInt8>, root: TSNode, topLevel: [TSNode], split: Int,
            parts: Int, colouring: [Bool], deadline: UInt64
        ) {
            self.query = query
            self.code = code
            self.root = root
            self.topLevel = topLevel
            self.split = split
            self.parts = parts
            self.colouring = colouring
            self.deadline = deadline
        }

        /// The records of one part (the whole tree when there is one part), or nil past the deadline.
        func records(part: Int) -> [CaptureRecord]? {
            var records: [CaptureRecord] = []
            records.reserveCapacity(code.count / (4 * parts))
            let matcher = QueryMatcher(query: query, code: code, root: root)
            if parts == 1 { return collect(matcher, in: root, into: &records) ? records : nil }
            if part == 0 {
                matcher.forEachMatch(at: root) { pattern, captures in append(pattern, captures, to: &records) }
            }
            for subtree in part == 0 ? topLevel[..<split] : topLevel[split...]
            where !collect(matcher, in: subtree, into: &records) {
                return nil
            }
            return records
        }

        private func collect(_ matcher: QueryMatcher, in subtree: TSNode, into records: inout [CaptureRecord]) -> Bool {
            matcher.forEachMatch(in: subtree, keepGoing: { DispatchTime.now().uptimeNanoseconds <= deadline }) {
                pattern, captures in append(pattern, captures, to: &records)
            }
        }

        @inline(__always)
        private func append(_ pattern: Int, _ captures: UnsafeBufferPointer<TSQueryCapture>, to records: inout [CaptureRecord]) {
            for capture in captures where colouring[Int(capture.index)] {
                records.append(CaptureRecord(
                    start: Int(ts_node_start_byte(capture.node)), end: Int(ts_node_end_byte(capture.node)),
                    pattern: UInt32(pattern), capture: capture.index))
            }
        }
    }

    private static func children(of node: TSNode) -> [TSNode] {
        var cursor = ts_tree_cursor_new(node)
        defer { ts_tree_cursor_delete(&cursor) }
        guard ts_tree_cursor_goto_first_child(&cursor) else { return [] }
        var result: [TSNode] = []
        repeat { result.append(ts_tree_cursor_current_node(&cursor)) } while ts_tree_cursor_goto_next_sibling(&cursor)
        return result
    }

    /// Frees the parser and tree on a background thread.
    private static func release(parser: OpaquePointer, tree: OpaquePointer?) {
        let doomed = Doomed(parser: parser, tree: tree)
        DispatchQueue.global(qos: .utility).async {
            if let tree = doomed.tree { ts_tree_delete(tree) }
            ts_parser_delete(doomed.parser)
        }
    }

    /// A parser and tree handed to another thread to be freed; nothing else uses them any more.
    private struct Doomed: @unchecked Sendable {
        var parser: OpaquePointer
        var tree: OpaquePointer?
    }
}
