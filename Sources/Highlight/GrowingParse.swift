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
    private let last = Mutex<Entry?>(nil)
    /// How many nodes the last highlight matched the query at (for tests: a block that grew by a line
    /// must not be matched again in full).
    private let matched = Atomic<Int>(0)

    var lastMatchedNodeCount: Int { matched.load(ordering: .relaxed) }

    /// Where the kept tree starts in the kept code (for tests: a long block is parsed from a checkpoint).
    var tailStart: Int { last.withLock { $0?.region.base ?? 0 } }

    /// The closers appended to the kept code in the kept tree (for tests: its tokens are those of the code
    /// so closed).
    var closers: [UInt8] { last.withLock { $0?.closedBy ?? [] } }

    /// How much of the code last asked for the kept tokens cover (for tests: all of it, or all before its
    /// last line).
    var coveredCount: Int { last.withLock { $0?.code.count ?? 0 } }

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

    /// The tokens of `code`, reusing the last highlight where `code` extends it. With `closing`, a block
    /// whose brackets are open is parsed with their closers appended where that parses without errors
    /// (`OpenBrackets`): its tokens are then those of the block so closed, cut to its code. Without,
    /// they are exactly a fresh highlight's. `lineage` tells the code extends the last one without
    /// comparing them (`CodeLineage`).
    func tokens(
        code: String, lineage: CodeLineage? = nil, language: LoadedLanguage, timeoutMicros: UInt64,
        closing: Bool = true
    ) -> Result<ProvisionalTokens, HighlightError> {
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
            var kept: Entry?
            switch startingPoint(language: id, code: bytes, lineage: lineage, closing: closing) {
            case .same(let tokens):
                return .success(
                    ProvisionalTokens(
                        tokens: tokens, extending: .init(previousLength: bytes.count, unchangedBefore: Int.max)))
            case .extends(let entry): kept = entry
            case .new: break
            }
            // The brackets open at the end of the region's text, and the texts to try parsing (`Candidate`).
            var region = kept?.region ?? ParsedRegion()
            var brackets = kept?.brackets ?? OpenBrackets(language: id)
            // The length of the code the kept tree and tokens cover.
            let keptCount = kept?.code.count ?? 0
            if kept != nil {
                brackets.scan(bytes[keptCount...])
            } else {
                region.scan(bytes, into: &brackets)
            }
            var refusals = kept?.refusals ?? Refusals()
            let regionCount = bytes.count - region.removedCount
            let candidates = Self.candidates(
                brackets: brackets, closing: closing, regionCount: regionCount, spine: region.spineLength ?? 0,
                refusals: &refusals)
            if let entry = kept, candidates[0].count == keptCount - entry.region.removedCount,
                candidates[0].closers == entry.closedBy
            {
                // The text to parse is the kept tree's (a redraw in the middle of a line that does not parse
                // closed, again): its tokens, which cover the code before that line.
                let previousLength = entry.shownCount
                entry.shownCount = bytes.count
                entry.refusals = refusals
                keep(entry)
                return .success(
                    ProvisionalTokens(
                        tokens: entry.tokens,
                        extending: .init(previousLength: previousLength, unchangedBefore: Int.max)))
            }
            // Where the text parsed ends: the code's end, or where a cut before it ends (`Cut`).
            let end = Self.point(after: bytes, from: kept.map { (keptCount, $0.end) })
            let pointAt = { (count: Int) in
                count == regionCount ? end : Self.point(of: region.real(count), in: bytes, ending: end)
            }
            let start = kept.map {
                Start(entry: $0, edited: Self.edited(entry: $0, to: candidates[0], at: pointAt(candidates[0].count)))
            }
            // The entry now lives in `start` alone, so that its tokens are extended in place.
            kept = nil
            guard let parser = start?.entry.parser ?? ts_parser_new() else { return .failure(timedOut) }
            var parserKept = false
            defer {
                if let start {
                    ts_tree_delete(start.edited)
                    ts_tree_delete(start.entry.tree)
                }
                if !parserKept { ts_parser_delete(parser) }
            }
            // The first candidate that parses without errors (the last, the code as it is, in any case).
            var chosen: (tree: OpaquePointer, candidate: Candidate)?
            var previous: (tree: OpaquePointer, candidate: Candidate)?
            for candidate in candidates {
                if let previous { Self.edit(previous.tree, from: previous.candidate, to: candidate, at: pointAt) }
                let prefix = UnsafeBufferPointer(rebasing: bytes[..<region.real(candidate.count)])
                let tree = region.withText(of: prefix, closers: candidate.closers) { closed in
                    TreeHighlighting.parse(
                        closed, language: language, oldTree: previous?.tree ?? start?.edited,
                        budget: budget, parser: parser)
                }
                if let previous { ts_tree_delete(previous.tree) }
                previous = nil
                guard let tree else { return .failure(timedOut) }
                guard let key = candidate.key else {
                    chosen = (tree, candidate)
                    break
                }
                if Self.closes(tree, with: candidate.closers, at: candidate.count) {
                    refusals.accepted(key)
                    chosen = (tree, candidate)
                    break
                }
                refusals.refused(key)
                previous = (tree, candidate)
            }
            guard let (parsedTree, candidate) = chosen else { return .failure(timedOut) }
            let shownCount = region.real(candidate.count)
            let parsed = region.withText(
                of: UnsafeBufferPointer(rebasing: bytes[..<shownCount]), closers: candidate.closers
            ) { closed -> Parsed? in
                let tree = parsedTree
                let text = UnsafeBufferPointer(rebasing: closed[..<candidate.count])
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
                            old: ts_tree_root_node($0.entry.tree), new: ts_tree_root_node(tree), query: query,
                            oldEnd: keptCount - $0.entry.region.removedCount)
                    } ?? ChangedSubtrees(whole: ts_tree_root_node(tree))
                guard
                    let forest = FlatTree(
                        roots: changed.roots, pruned: changed.pruned, symbols: language.symbols,
                        expectedCount: (text.count - changed.start) / 3 + 16, keepGoing: keepGoing),
                    var fresh = query.tokens(in: forest, code: closed, from: changed.start, keepGoing: keepGoing)
                else {
                    ts_tree_delete(tree)
                    return nil
                }
                if !candidate.closers.isEmpty { Self.cut(&fresh, at: text.count) }
                matched.store(forest.nodeCount, ordering: .relaxed)
                // A token over the place of the hole would cover the tokens kept for it: parsed again in full.
                if let spine = region.spineLength,
                    fresh.contains(where: { $0.range.lowerBound < spine && $0.range.upperBound > spine })
                {
                    ts_tree_delete(tree)
                    return .holeCovered
                }
                let next = Self.nextRegion(after: region, tree: tree, text: text, query: query)
                return .tokens(
                    tree: tree, closedBy: candidate.closers, changedStart: changed.start, fresh: fresh, next: next)
            }
            guard case .tokens(var tree, var closedBy, let changedStart, var fresh, let next)? = parsed else {
                if case .holeCovered? = parsed {
                    // Parsed again in full: the kept entry was taken out, so this starts afresh.
                    return tokens(
                        code: text, lineage: lineage, language: language, timeoutMicros: timeoutMicros, closing: closing
                    )
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
            // Where the colours start to differ from the last call's, for the layout: a token that only
            // grew (a string or comment over many lines) keeps the colours of the lines it covered.
            var colouredAlikeBefore = unchangedBefore
            if start != nil {
                // Moved out of the entry, so that extending them copies nothing.
                tokens = start!.entry.tokens
                start!.entry.tokens = []
                if let hole = region.hole, unchangedBefore < hole.lowerBound {
                    // Matched again from before the hole (at a node above it): the tokens of the items
                    // left out are kept between the new ones.
                    fresh = Self.inserting(Self.tokens(of: tokens, in: hole), into: fresh, at: hole.lowerBound)
                }
                colouredAlikeBefore = Self.firstColouringDifference(tokens, fresh, from: unchangedBefore)
                Self.replace(&tokens, from: unchangedBefore, with: fresh)
            }
            var regionEnd = pointAt(candidate.count)
            switch candidate.cut {
            case .none: break
            case .beforeSeparator: brackets = brackets.atSeparator
            case .beforeLastLine: brackets = brackets.atLastLine
            case .beforeLastLineSeparator: brackets = brackets.atSeparatorAtLastLine
            }
            if let next,
                let moved = Self.parse(
                    UnsafeBufferPointer(rebasing: bytes[..<shownCount]), in: next, closing: closing,
                    language: language, budget: budget, parser: parser)
            {
                ts_tree_delete(tree)
                (tree, closedBy, regionEnd, brackets) = (moved.tree, moved.closedBy, moved.end, moved.brackets)
                region = next
            }
            parserKept = true
            // The kept copy of the code, extended to the code shown (let go of by the entry first, so that
            // it is extended in place).
            var keptCode: KeptCode
            if start != nil {
                keptCode = start!.entry.code
                start!.entry.code = KeptCode()
                keptCode.extend(to: bytes, count: shownCount, lineage: lineage)
            } else {
                keptCode = KeptCode(bytes, count: shownCount, lineage: lineage)
            }
            let extending = start.map {
                ProvisionalTokens.Extension(previousLength: $0.entry.shownCount, unchangedBefore: colouredAlikeBefore)
            }
            keep(
                Entry(
                    language: id,
                    code: keptCode,
                    shownCount: bytes.count, region: region, end: regionEnd, tree: tree, tokens: tokens,
                    parser: parser, brackets: brackets, closedBy: closedBy, refusals: refusals))
            return .success(ProvisionalTokens(tokens: tokens, extending: extending))
        }
    }

    /// What parsing and matching the region's text gave.
    private enum Parsed {
        case tokens(
            tree: OpaquePointer, closedBy: [UInt8], changedStart: Int, fresh: [SyntaxToken], next: ParsedRegion?)
        /// The text before the hole read differently (an error reaches into it), or a token found spans
        /// the place of the hole, whose kept tokens it would cover: the block is parsed again in full.
        case holeCovered
    }

    /// The tokens of a final block that streamed: the last provisional block's when `code` is its code,
    /// extended from them when `code` only adds to it (the piece that closed the block brought its last
    /// lines too), so that such a block is not highlighted a second time from scratch. Nil when `code`
    /// does not extend the last provisional block, or when its tree holds an error. They are the tokens a
    /// fresh highlight gives: `tokens(code:language:timeoutMicros:)` promises it, and tests compare the
    /// two at every length of blocks in many languages.
    ///
    /// tree-sitter's incremental parse is a fresh parse's only where the code parses without errors: it
    /// may recover from an error differently, reusing a subtree the fresh parse does not build (Ruby's
    /// `x]` then a backtick string that a later line closes: the string's lines stay code). A block
    /// whose final tree holds an error (or a missing node) is highlighted from scratch.
    func finishedTokens(code: String, language: LoadedLanguage, timeoutMicros: UInt64) -> [SyntaxToken]? {
        let id = language.descriptor.id
        let relation = last.withLock { kept -> CodeRelation in
            guard let entry = kept, entry.language == id else { return .unrelated }
            return entry.code.relation(to: code, lineage: nil)
        }
        guard relation != .unrelated,
            case .success(let found) = tokens(
                code: code, language: language, timeoutMicros: timeoutMicros, closing: false)
        else { return nil }
        // The entry just kept is this block's, unless another thread's block took its place since.
        let parsedWithoutErrors = last.withLock { kept -> Bool in
            guard let entry = kept, entry.language == id, entry.code.relation(to: code, lineage: nil) == .same
            else { return false }
            return !ts_node_has_error(ts_tree_root_node(entry.tree))
        }
        return parsedWithoutErrors ? found.tokens : nil
    }

    private enum StartingPoint {
        /// The kept code is this code: its tokens.
        case same([SyntaxToken])
        /// This code extends the kept code (or is it, parsed again without the closers appended to it),
        /// and the entry was taken out to be extended.
        case extends(Entry)
        case new
    }

    /// How `code` relates to the kept entry. When `code` extends it, the entry is taken out: its tree and
    /// tokens then belong to the caller, who extends them in place.
    private func startingPoint(
        language: String, code: UnsafeBufferPointer<UInt8>, lineage: CodeLineage?, closing: Bool
    ) -> StartingPoint {
        last.withLock { kept -> StartingPoint in
            guard let entry = kept, entry.language == language else { return .new }
            let relation = entry.code.relation(to: code, lineage: lineage)
            if relation == .same, closing || entry.closedBy.isEmpty { return .same(entry.tokens) }
            guard relation != .unrelated else { return .new }
            kept = nil
            return .extends(entry)
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
}
