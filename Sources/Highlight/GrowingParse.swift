import CTreeSitter
import Glibc
import HighlightQuery
import MarkdownCore
import Synchronization

/// The last block highlighted provisionally, kept so that a block that grows (a code fence while it
/// streams, highlighted again at every redraw) costs about what its new lines cost, not the whole block:
///
/// - the parse is incremental: a copy of the kept tree is edited (`ts_tree_edit`) to the longer code and
///   passed to tree-sitter as the old tree, which reuses what did not change;
/// - the query is matched only over the subtrees that changed (`ChangedSubtrees`) and the kept tokens
///   before them are reused.
///
/// Thread-safe: the kept state sits behind a lock, and the work is done outside it on copies (a
/// `TSTree` copy only takes a reference). Only provisional highlighting uses it: final blocks are
/// highlighted from scratch.
final class GrowingParse: Sendable {
    /// A tree and the code it was parsed from, with the tokens found. `@unchecked` because a `TSTree`
    /// pointer is not `Sendable`: the entry is only touched under `last`'s lock, and trees handed out
    /// are copies (`ts_tree_copy`, whose reference count is atomic) owned by the caller.
    private struct Entry: @unchecked Sendable {
        var language: String
        var code: String
        /// Where in `code` the tree starts (a `TailCheckpoint`): the parse covers only the code after it.
        var base: Int
        /// The row and byte column at the end of `code`, counted from `base`.
        var end: TSPoint
        var tree: OpaquePointer
        var tokens: [SyntaxToken]
        /// The parser, kept for the next parse (creating one costs more than a line's reparse).
        var parser: OpaquePointer
    }

    /// What a highlight starts from: the kept entry, when the new code extends its code.
    private struct Start {
        var entry: Entry
        /// The kept tree edited to the new code's length, for the parser.
        var edited: OpaquePointer
    }

    private let last = Mutex<Entry?>(nil)
    /// How many nodes the last highlight matched the query at (for tests: a block that grew by a line
    /// must not be matched again in full).
    private let matched = Atomic<Int>(0)

    var lastMatchedNodeCount: Int { matched.load(ordering: .relaxed) }

    /// Where the kept tree starts in the kept code (for tests: a long block is parsed from a checkpoint).
    var tailStart: Int { last.withLock { $0?.base ?? 0 } }

    deinit {
        last.withLock { entry in
            if let entry {
                ts_tree_delete(entry.tree)
                ts_parser_delete(entry.parser)
            }
        }
    }

    /// The tokens of `code`, reusing the last highlight where `code` extends it.
    func tokens(code: String, language: LoadedLanguage, timeoutMicros: UInt64) -> Result<
        ProvisionalTokens, HighlightError
    > {
        var code = code
        let id = language.descriptor.id
        let count = code.utf8.count
        let timedOut = HighlightError.timedOut(language: id, bytes: count, milliseconds: Int(timeoutMicros / 1000))
        guard count > 0 else { return .success(ProvisionalTokens(tokens: [])) }
        guard count < Int(UInt32.max) else { return .failure(timedOut) }
        if case .failure(let error)? = language.queryIfRead { return .failure(error) }
        let query: CompiledQuery
        switch language.query {
        case .success(let read): query = read
        case .failure(let error): return .failure(error)
        }
        let budget = CPUBudget(microseconds: timeoutMicros)
        let keepGoing = { !budget.isSpent }
        let text = code
        return code.withUTF8 { bytes -> Result<ProvisionalTokens, HighlightError> in
            var start: Start?
            switch startingPoint(language: id, code: bytes) {
            case .same(let tokens):
                return .success(
                    ProvisionalTokens(
                        tokens: tokens, extending: .init(previousLength: bytes.count, unchangedBefore: Int.max)))
            case .extends(let found): start = found
            case .new: break
            }
            guard let parser = start?.entry.parser ?? ts_parser_new() else { return .failure(timedOut) }
            var parserKept = false
            defer {
                if let start {
                    ts_tree_delete(start.edited)
                    ts_tree_delete(start.entry.tree)
                }
                if !parserKept { ts_parser_delete(parser) }
            }
            // The tree covers the code from `base` on (see `TailCheckpoint`); offsets in it count from there.
            let base = start?.entry.base ?? 0
            let tail = UnsafeBufferPointer(rebasing: bytes[base...])
            guard
                let tree = TreeHighlighting.parse(
                    tail, language: language, oldTree: start?.edited, timeoutMicros: timeoutMicros, budget: budget,
                    parser: parser)
            else { return .failure(timedOut) }
            let changed =
                start.map {
                    ChangedSubtrees(old: ts_tree_root_node($0.entry.tree), new: ts_tree_root_node(tree), query: query)
                } ?? ChangedSubtrees(whole: ts_tree_root_node(tree))
            guard
                let forest = FlatTree(
                    roots: changed.roots, symbols: language.symbols,
                    expectedCount: (tail.count - changed.start) / 3 + 16, keepGoing: keepGoing),
                var fresh = query.tokens(in: forest, code: tail, from: changed.start, keepGoing: keepGoing)
            else {
                ts_tree_delete(tree)
                return .failure(timedOut)
            }
            matched.store(forest.nodeCount, ordering: .relaxed)
            if base > 0 {
                for index in fresh.indices {
                    fresh[index].range = (fresh[index].range.lowerBound + base)..<(fresh[index].range.upperBound + base)
                }
            }
            var tokens = fresh
            if start != nil {
                // Moved out of the entry, so that extending them copies nothing.
                tokens = start!.entry.tokens
                start!.entry.tokens = []
                Self.replace(&tokens, from: base + changed.start, with: fresh)
            }
            var entry = Entry(
                language: id, code: text, base: base, end: Self.point(after: bytes, from: start?.entry), tree: tree,
                tokens: tokens, parser: parser)
            if let checkpoint = TailCheckpoint(tree: tree, code: tail, query: query) {
                // The tree from here on is parsed afresh once, and extended from then on.
                let moved = base + checkpoint.offset
                if let fresh = TreeHighlighting.parse(
                    UnsafeBufferPointer(rebasing: bytes[moved...]), language: language, oldTree: nil,
                    timeoutMicros: timeoutMicros, budget: budget, parser: parser)
                {
                    ts_tree_delete(tree)
                    entry.tree = fresh
                    entry.base = moved
                    entry.end = Self.point(after: UnsafeBufferPointer(rebasing: bytes[moved...]), from: nil)
                }
            }
            parserKept = true
            let extending = start.map {
                ProvisionalTokens.Extension(
                    previousLength: $0.entry.code.utf8.count, unchangedBefore: base + changed.start)
            }
            keep(entry)
            return .success(ProvisionalTokens(tokens: tokens, extending: extending))
        }
    }

    private enum StartingPoint {
        /// The kept code is this code: its tokens.
        case same([SyntaxToken])
        /// This code extends the kept code, which was taken out to be extended.
        case extends(Start)
        case new
    }

    /// How `code` relates to the kept entry. When `code` extends it, the entry is taken out (its tree and
    /// tokens then belong to the caller, who extends them in place) with an edited copy of its tree.
    private func startingPoint(language: String, code: UnsafeBufferPointer<UInt8>) -> StartingPoint {
        last.withLock { kept -> StartingPoint in
            guard let entry = kept, entry.language == language else { return .new }
            var extends = false
            let same =
                entry.code.utf8.withContiguousStorageIfAvailable { old -> Bool in
                    guard old.count <= code.count, let oldBase = old.baseAddress, let base = code.baseAddress,
                        memcmp(oldBase, base, old.count) == 0
                    else { return false }
                    extends = old.count < code.count
                    return old.count == code.count
                } ?? false
            if same { return .same(entry.tokens) }
            guard extends, let edited = ts_tree_copy(entry.tree) else { return .new }
            let keptCount = entry.code.utf8.count - entry.base
            let newEnd = Self.point(after: code, from: entry)
            var edit = TSInputEdit(
                start_byte: UInt32(keptCount), old_end_byte: UInt32(keptCount),
                new_end_byte: UInt32(code.count - entry.base),
                start_point: entry.end, old_end_point: entry.end, new_end_point: newEnd)
            ts_tree_edit(edited, &edit)
            kept = nil
            return .extends(Start(entry: entry, edited: edited))
        }
    }

    /// Keeps `entry` (taking over its tree and parser) for the next block, freeing the previous one's.
    private func keep(_ entry: Entry) {
        let previous = last.withLock { kept -> Entry? in
            let previous = kept
            kept = entry
            return previous
        }
        if let previous {
            ts_tree_delete(previous.tree)
            ts_parser_delete(previous.parser)
        }
    }

    /// `tokens` with those from byte `start` on replaced by `fresh` (all at or after `start`); a token
    /// cut at `start` that continues in `fresh` with the same capture is joined again, as resolving the
    /// whole block would have.
    static func replace(_ tokens: inout [SyntaxToken], from start: Int, with fresh: [SyntaxToken]) {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.upperBound <= start { low = middle + 1 } else { high = middle }
        }
        var cut: SyntaxToken?
        if low < tokens.count, tokens[low].range.lowerBound < start {
            cut = SyntaxToken(range: tokens[low].range.lowerBound..<start, capture: tokens[low].capture)
        }
        tokens.removeSubrange(low...)
        if let cut { tokens.append(cut) }
        var rest = fresh[...]
        if let first = rest.first, let last = tokens.last, last.range.upperBound == first.range.lowerBound,
            last.capture == first.capture
        {
            tokens[tokens.count - 1].range = last.range.lowerBound..<first.range.upperBound
            rest = rest.dropFirst()
        }
        tokens.append(contentsOf: rest)
    }

    /// The row and byte column at the end of `code`, counted from `entry`'s base and from the end of its
    /// code (which `code` extends) when given.
    private static func point(after code: UnsafeBufferPointer<UInt8>, from entry: Entry?) -> TSPoint {
        var row: UInt32 = entry?.end.row ?? 0
        let from = entry?.code.utf8.count ?? 0
        var lineStart = from - Int(entry?.end.column ?? 0)
        for index in from..<code.count where code[index] == 0x0A {
            row += 1
            lineStart = index + 1
        }
        return TSPoint(row: row, column: UInt32(code.count - lineStart))
    }
}
