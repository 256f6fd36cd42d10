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
/// `TSTree` copy only takes a reference). Provisional highlighting builds it; a final block takes its
/// tokens only when its code is exactly the last provisional block's (`finishedTokens`).
final class GrowingParse: Sendable {
    /// A tree and the code it was parsed from, with the tokens found. `@unchecked` because a `TSTree`
    /// pointer is not `Sendable`: the entry is only touched under `last`'s lock, and trees handed out
    /// are copies (`ts_tree_copy`, whose reference count is atomic) owned by the caller.
    private struct Entry: @unchecked Sendable {
        var language: String
        var code: String
        /// The part of `code` the tree covers (see `ParsedRegion`).
        var region: ParsedRegion
        /// The row and byte column at the end of `code`, in the region's text.
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
    var tailStart: Int { last.withLock { $0?.region.base ?? 0 } }

    /// The bytes of the kept code the kept tree leaves out (for tests: a long nested block has a hole).
    var removedCount: Int { last.withLock { $0?.region.removedCount ?? 0 } }

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
            switch startingPoint(language: id, code: text, bytes: bytes) {
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
            // The tree covers the region's text (see `TailCheckpoint`, `NestedCheckpoint`); offsets in it
            // count in that text.
            var region = start?.entry.region ?? ParsedRegion()
            let parsed = region.withText(of: bytes) { text -> Parsed? in
                guard
                    let tree = TreeHighlighting.parse(
                        text, language: language, oldTree: start?.edited, timeoutMicros: timeoutMicros, budget: budget,
                        parser: parser)
                else { return nil }
                // tree-sitter's error recovery weighs what precedes an error, so with items left out it may
                // read the text before the hole differently (an unclosed string mid-line in JSON makes the
                // whole container an error): then the hole is given up.
                if let spine = region.spineLength, let error = NestedCheckpoint.firstError(in: ts_tree_root_node(tree)),
                    error < spine
                {
                    ts_tree_delete(tree)
                    return .holeCovered
                }
                let changed =
                    start.map {
                        ChangedSubtrees(
                            old: ts_tree_root_node($0.entry.tree), new: ts_tree_root_node(tree), query: query)
                    } ?? ChangedSubtrees(whole: ts_tree_root_node(tree))
                guard
                    let forest = FlatTree(
                        roots: changed.roots, pruned: changed.pruned, symbols: language.symbols,
                        expectedCount: (text.count - changed.start) / 3 + 16, keepGoing: keepGoing),
                    let fresh = query.tokens(in: forest, code: text, from: changed.start, keepGoing: keepGoing)
                else {
                    ts_tree_delete(tree)
                    return nil
                }
                matched.store(forest.nodeCount, ordering: .relaxed)
                // A token over the place of the hole would cover the tokens kept for it: parsed again in full.
                if let spine = region.spineLength,
                    fresh.contains(where: { $0.range.lowerBound < spine && $0.range.upperBound > spine })
                {
                    ts_tree_delete(tree)
                    return .holeCovered
                }
                let next = Self.nextRegion(after: region, tree: tree, text: text, query: query)
                return .tokens(tree: tree, changedStart: changed.start, fresh: fresh, next: next)
            }
            guard case .tokens(var tree, let changedStart, var fresh, let next)? = parsed else {
                if case .holeCovered? = parsed {
                    // Parsed again in full: the kept entry was taken out, so this starts afresh.
                    return tokens(code: text, language: language, timeoutMicros: timeoutMicros)
                }
                return .failure(timedOut)
            }
            let unchangedBefore = region.real(changedStart)
            if region.removedCount > 0 {
                for index in fresh.indices {
                    fresh[index].range =
                        region.real(fresh[index].range.lowerBound)..<region.real(fresh[index].range.upperBound)
                }
            }
            var tokens = fresh
            if start != nil {
                // Moved out of the entry, so that extending them copies nothing.
                tokens = start!.entry.tokens
                start!.entry.tokens = []
                if let hole = region.hole, unchangedBefore < hole.lowerBound {
                    // Matched again from before the hole (at a node above it): the tokens of the items
                    // left out are kept between the new ones.
                    fresh = Self.inserting(Self.tokens(of: tokens, in: hole), into: fresh, at: hole.lowerBound)
                }
                Self.replace(&tokens, from: unchangedBefore, with: fresh)
            }
            var end = Self.point(after: bytes, from: start?.entry)
            if let next {
                // The region's new text is parsed afresh once, and extended from then on.
                let moved = next.withText(of: bytes) { text -> (OpaquePointer, TSPoint)? in
                    guard
                        let fresh = TreeHighlighting.parse(
                            text, language: language, oldTree: nil, timeoutMicros: timeoutMicros, budget: budget,
                            parser: parser)
                    else { return nil }
                    // The items before the hole's end must parse as they did (without errors): an error may
                    // only follow them, as a closing bracket missing while the block grows does.
                    if let spine = next.spineLength,
                        let error = NestedCheckpoint.firstError(in: ts_tree_root_node(fresh)), error < spine
                    {
                        ts_tree_delete(fresh)
                        return nil
                    }
                    return (fresh, Self.point(after: text, from: nil))
                }
                if let moved {
                    ts_tree_delete(tree)
                    (tree, end) = moved
                    region = next
                }
            }
            parserKept = true
            let extending = start.map {
                ProvisionalTokens.Extension(previousLength: $0.entry.code.utf8.count, unchangedBefore: unchangedBefore)
            }
            keep(Entry(language: id, code: text, region: region, end: end, tree: tree, tokens: tokens, parser: parser))
            return .success(ProvisionalTokens(tokens: tokens, extending: extending))
        }
    }

    /// What parsing and matching the region's text gave.
    private enum Parsed {
        case tokens(tree: OpaquePointer, changedStart: Int, fresh: [SyntaxToken], next: ParsedRegion?)
        /// The text before the hole read differently (an error reaches into it), or a token found spans
        /// the place of the hole, whose kept tokens it would cover: the block is parsed again in full.
        case holeCovered
    }

    /// The region the next parses cover, if `tree` (the parse of `region`'s `text`) has a checkpoint:
    /// the start moves to a recent top-level item, or the hole grows to more of a nested repetition.
    private static func nextRegion(
        after region: ParsedRegion, tree: OpaquePointer, text: UnsafeBufferPointer<UInt8>, query: CompiledQuery
    ) -> ParsedRegion? {
        if let checkpoint = TailCheckpoint(tree: tree, code: text, query: query) {
            var next = region
            next.base = region.real(checkpoint.offset)
            if let spine = region.spineLength, checkpoint.offset >= spine { next.hole = nil }
            return next
        }
        if let nested = NestedCheckpoint(tree: tree, code: text, query: query, spineLength: region.spineLength) {
            var next = region
            next.hole =
                (region.hole?.lowerBound ?? region.real(nested.cut.lowerBound))..<region.real(nested.cut.upperBound)
            return next
        }
        return nil
    }

    /// The tokens of a final block that streamed: the last provisional block's when `code` is its code,
    /// extended from them when `code` only adds to it (the piece that closed the block brought its last
    /// lines too), so that such a block is not highlighted a second time from scratch. Nil when `code`
    /// does not extend the last provisional block. They are the tokens a fresh highlight gives:
    /// `tokens(code:language:timeoutMicros:)` promises it, and tests compare the two at every length of
    /// blocks in many languages.
    func finishedTokens(code: String, language: LoadedLanguage, timeoutMicros: UInt64) -> [SyntaxToken]? {
        let relation = last.withLock { kept -> Relation in
            guard let entry = kept, entry.language == language.descriptor.id else { return .unrelated }
            return Self.relation(of: entry.code, by: code)
        }
        guard relation != .unrelated,
            case .success(let found) = tokens(code: code, language: language, timeoutMicros: timeoutMicros)
        else { return nil }
        return found.tokens
    }

    /// How `code` relates to `kept`: the same bytes, longer bytes that start with them, or neither.
    private static func relation(of kept: String, by code: String) -> Relation {
        guard code.startsWithBytes(of: kept) else { return .unrelated }
        return kept.utf8.count == code.utf8.count ? .same : .longer
    }

    private enum Relation {
        case same, longer, unrelated
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
    private func startingPoint(language: String, code text: String, bytes code: UnsafeBufferPointer<UInt8>)
        -> StartingPoint
    {
        last.withLock { kept -> StartingPoint in
            guard let entry = kept, entry.language == language else { return .new }
            let relation = Self.relation(of: entry.code, by: text)
            if relation == .same { return .same(entry.tokens) }
            guard relation == .longer, let edited = ts_tree_copy(entry.tree) else { return .new }
            let keptCount = entry.code.utf8.count - entry.region.removedCount
            let newEnd = Self.point(after: code, from: entry)
            var edit = TSInputEdit(
                start_byte: UInt32(keptCount), old_end_byte: UInt32(keptCount),
                new_end_byte: UInt32(code.count - entry.region.removedCount),
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

    /// The tokens in `range`, cut to it.
    static func tokens(of tokens: [SyntaxToken], in range: Range<Int>) -> [SyntaxToken] {
        tokens.compactMap { token in
            let clamped = token.range.clamped(to: range)
            return clamped.isEmpty ? nil : SyntaxToken(range: clamped, capture: token.capture)
        }
    }

    /// `tokens` (all before `offset` or from it on) with `inserted` put in at `offset`.
    static func inserting(_ inserted: [SyntaxToken], into tokens: [SyntaxToken], at offset: Int) -> [SyntaxToken] {
        let split = tokens.firstIndex { $0.range.lowerBound >= offset } ?? tokens.count
        return Array(tokens[..<split]) + inserted + tokens[split...]
    }

    /// The row and byte column at the end of `code`, in `entry`'s region's text and from the end of its
    /// code (which `code` extends) when given (a hole ends where a line's indentation does, so a column
    /// after it is the same in the region's text as in the code).
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
