import CTreeSitter
import Glibc
import MarkdownCore

/// Parsing a growing block closed: which texts to try (`candidates`), parsing them, and checking that
/// the closers appended read as themselves (see `OpenBrackets`).
extension GrowingParse {
    /// A text to parse for a growing block (`candidates`): the region's text up to `count` bytes (all of
    /// it, or all before its last line), then `closers`. `key` names it for `Refusals`; the text as it
    /// is has none, and is taken whatever it parses to.
    struct Candidate {
        var count: Int
        var closers: [UInt8]
        var key: Refusals.Key?
        var cut = Cut.none
    }

    /// Where a text to parse ends in the region's text.
    enum Cut: Hashable, Sendable {
        /// At its end.
        case none
        /// Before a trailing separator (`OpenBrackets.beforeSeparator`).
        case beforeSeparator
        /// Before its last line (`OpenBrackets.lastLine`).
        case beforeLastLine
        /// Before a trailing separator that ends the text before its last line.
        case beforeLastLineSeparator
    }

    /// Edits `tree`, parsed from `previous`'s text, to `candidate`'s (both prefixes of the same code, then
    /// closers); `point` gives where a text of so many bytes ends.
    static func edit(
        _ tree: OpaquePointer, from previous: Candidate, to candidate: Candidate, at point: (Int) -> TSPoint
    ) {
        let common = min(previous.count, candidate.count)
        var edit = TSInputEdit(
            start_byte: UInt32(common), old_end_byte: UInt32(previous.count + previous.closers.count),
            new_end_byte: UInt32(candidate.count + candidate.closers.count), start_point: point(common),
            old_end_point: Self.point(point(previous.count), after: previous.closers),
            new_end_point: Self.point(point(candidate.count), after: candidate.closers))
        ts_tree_edit(tree, &edit)
    }

    /// What to try parsing for a growing block, in order: its region's text closed by the closers of
    /// the brackets open (`OpenBrackets`); the text before a trailing separator so closed, where the
    /// language allows none before a closer (SQL's column lists and rows); the text before its last line
    /// so closed, when the last line, unfinished (inside a string, or an expression half written), does
    /// not parse closed, and that text before its own trailing separator; the text as it is, taken
    /// whatever it parses to. Texts with closers are tried only as `refusals` allows.
    static func candidates(
        brackets: OpenBrackets, closing: Bool, regionCount: Int, spine: Int, refusals: inout Refusals
    ) -> [Candidate] {
        var found: [Candidate] = []
        if closing {
            if let closers = brackets.suffix {
                let key = Refusals.Key(closers: closers, cut: .none)
                if refusals.allows(key) { found.append(Candidate(count: regionCount, closers: closers, key: key)) }
            }
            let separator = brackets.beforeSeparator
            let line = brackets.lastLine
            let lineSeparator = brackets.beforeSeparatorAtLastLine
            let cuts: [(Cut, (offset: Int, suffix: [UInt8]?)?)] = [
                (.beforeSeparator, separator),
                (.beforeLastLine, line.offset < regionCount ? line : nil),
                (.beforeLastLineSeparator, lineSeparator?.offset == separator?.offset ? nil : lineSeparator),
            ]
            for case (let cut, let end?) in cuts where end.offset > spine {
                guard let closers = end.suffix else { continue }
                let key = Refusals.Key(closers: closers, cut: cut)
                if refusals.allows(key) {
                    found.append(Candidate(count: end.offset, closers: closers, key: key, cut: cut))
                }
            }
        }
        found.append(Candidate(count: regionCount, closers: [], key: nil))
        return found
    }

    /// Parses `closed` (a region's text ending at `end`, then `closers`), or the text alone when it does
    /// not parse without errors with them: the tree and the closers it has (`closers` or none).
    static func parse(
        _ closed: UnsafeBufferPointer<UInt8>, closers: [UInt8], end: TSPoint, language: LoadedLanguage,
        oldTree: OpaquePointer?, budget: CPUBudget, parser: OpaquePointer
    ) -> (OpaquePointer, [UInt8])? {
        guard
            let tree = TreeHighlighting.parse(
                closed, language: language, oldTree: oldTree, budget: budget,
                parser: parser)
        else { return nil }
        let textCount = closed.count - closers.count
        guard !closers.isEmpty, !closes(tree, with: closers, at: textCount) else { return (tree, closers) }
        // Parsed again without them, from the tree with them (which shares all before them).
        var edit = TSInputEdit(
            start_byte: UInt32(textCount), old_end_byte: UInt32(closed.count), new_end_byte: UInt32(textCount),
            start_point: end, old_end_point: point(end, after: closers), new_end_point: end)
        ts_tree_edit(tree, &edit)
        defer { ts_tree_delete(tree) }
        guard
            let plain = TreeHighlighting.parse(
                UnsafeBufferPointer(rebasing: closed[..<textCount]), language: language, oldTree: tree,
                budget: budget, parser: parser)
        else { return nil }
        return (plain, [])
    }

    /// Whether `tree` has no error and each of `closers` (from byte `offset` on) is a token of its own:
    /// each bracket, and each closing word (`end`, `fi`), line feeds and spaces aside; an HTML end tag
    /// (`</div>`) or JSX closing element is an end tag of its own.
    static func closes(_ tree: OpaquePointer, with closers: [UInt8], at offset: Int) -> Bool {
        let root = ts_tree_root_node(tree)
        guard !ts_node_has_error(root) else { return false }
        var index = 0
        while index < closers.count {
            guard closers[index] != 0x0A, closers[index] != 0x20 else {
                index += 1
                continue
            }
            var end = index + 1
            let at = UInt32(offset + index)
            if closers[index] == UInt8(ascii: "<") {
                while end < closers.count, closers[end - 1] != UInt8(ascii: ">") { end += 1 }
                let length = UInt32(end - index)
                let tag = ts_node_descendant_for_byte_range(root, at, at + length)
                guard ts_node_start_byte(tag) == at, ts_node_end_byte(tag) == at + length,
                    let type = ts_node_type(tag),
                    strcmp(type, "end_tag") == 0 || strcmp(type, "jsx_closing_element") == 0
                else { return false }
                index = end
                continue
            }
            if BlockKeywords.isWordByte(closers[index]) {
                while end < closers.count, BlockKeywords.isWordByte(closers[end]) { end += 1 }
            }
            let length = UInt32(end - index)
            let leaf = ts_node_descendant_for_byte_range(root, at, at + length)
            guard ts_node_start_byte(leaf) == at, ts_node_end_byte(leaf) == at + length, ts_node_child_count(leaf) == 0,
                let type = ts_node_type(leaf),
                UnsafeBufferPointer(start: type, count: strlen(type)).elementsEqual(
                    closers[index..<end], by: { UInt8(bitPattern: $0) == $1 })
            else {
                // The quotes closing a string that goes on over lines end a token of the string: its end
                // (Python's `"""`, a token of three bytes), or the whole string where it is one token;
                // the `*/` closing a comment ends the comment.
                guard let tokenEnd = Self.endOfClosedToken(closers, from: index, in: root, at: at) else { return false }
                index = tokenEnd
                continue
            }
            index = end
        }
        return true
    }

    /// Where the closer of a string or comment at `closers[index]` ends (a run of quotes, `*/`, or the
    /// `/` after a `*` the text ends with), when a token of `root` without children ends with it (at
    /// byte `at` of the text parsed): it closes that string or comment.
    private static func endOfClosedToken(_ closers: [UInt8], from index: Int, in root: TSNode, at: UInt32) -> Int? {
        let first = closers[index]
        var end = index + 1
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"):
            while end < closers.count, closers[end] == first { end += 1 }
        case UInt8(ascii: "*"):
            guard end < closers.count, closers[end] == UInt8(ascii: "/") else { return nil }
            end += 1
        case UInt8(ascii: "/"):
            guard index == 0 else { return nil }
        case _ where BlockKeywords.isWordByte(first):
            // A heredoc's terminator ends its `heredoc_end` (Ruby's and the shell's grammars).
            while end < closers.count, BlockKeywords.isWordByte(closers[end]) { end += 1 }
            let endByte = at + UInt32(end - index)
            let node = ts_node_descendant_for_byte_range(root, at, endByte)
            guard ts_node_start_byte(node) <= at, ts_node_end_byte(node) >= endByte, let type = ts_node_type(node),
                strcmp(type, "heredoc_end") == 0
            else { return nil }
            return end
        default:
            return nil
        }
        let endByte = at + UInt32(end - index)
        let token = ts_node_descendant_for_byte_range(root, at, endByte)
        guard ts_node_end_byte(token) == endByte, ts_node_start_byte(token) <= at, ts_node_child_count(token) == 0
        else { return nil }
        return end
    }

    /// `tokens` cut to end at `count` (what lies after is the closers').
    static func cut(_ tokens: inout [SyntaxToken], at count: Int) {
        while let last = tokens.last, last.range.upperBound > count {
            if last.range.lowerBound < count {
                tokens[tokens.count - 1].range = last.range.lowerBound..<count
                return
            }
            tokens.removeLast()
        }
    }

    /// Where text ending at `point` ends with `closers` appended.
    static func point(_ point: TSPoint, after closers: [UInt8]) -> TSPoint {
        guard let lineFeed = closers.lastIndex(of: 0x0A) else {
            return TSPoint(row: point.row, column: point.column + UInt32(closers.count))
        }
        let rows = closers.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return TSPoint(row: point.row + UInt32(rows), column: UInt32(closers.count - lineFeed - 1))
    }
}
