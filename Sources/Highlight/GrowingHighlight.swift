import CTreeSitter
import Glibc
import HighlightQuery
import MarkdownCore

/// The provisional highlight of one code block that grows while it streams, kept from one highlight to
/// the next by whoever owns the block (the stream's open-block state), never by the highlighter.
///
/// What it buys, measured with StreamBench (a 2,000-line block fed a line at a time): a fresh highlight
/// at every paced redraw costs 65–80× one highlight of the block; this costs a few times one. Three
/// things keep each highlight about as cheap as the lines it adds:
/// - the parse is tree-sitter's incremental one: the last tree, edited to the longer code, is the old
///   tree of the next parse;
/// - the query is matched only over a window of the last lines (`windowLines`, and every line added
///   since the last highlight), the tree pruned to the nodes that reach into it; the lines before keep
///   the colours they had, which a live region has scrolled past by then;
/// - inside a string or comment opened before the window (a 1,000-line docstring), only the window is
///   parsed, behind the line that opened it, since nothing before can change how its lines read.
/// The string or comment open at the end is closed for the parse (`OpenStrings`), so that its lines
/// show as a string or comment already. The final block is highlighted afresh, so none of this can
/// change what a stream ends with.
///
/// `@unchecked Sendable`: it owns a parser and a tree (C pointers); its owner hands it to one
/// highlight at a time, under its own lock.
final class GrowingHighlight: @unchecked Sendable {
    let language: LoadedLanguage
    private let parser: OpaquePointer
    /// The code last highlighted (each call's extends it, or the highlight starts over).
    private var code: [UInt8] = []
    private var strings: OpenStrings
    private var tokens: [SyntaxToken] = []
    /// The tree of the whole code, the length of the code it was parsed from, the closer parsed after
    /// it, and where that code ends.
    private var tree: OpaquePointer?
    private var treeCount = 0
    private var treeCloser: [UInt8] = []
    private var treeEnd = TSPoint(row: 0, column: 0)

    /// The window the query is matched over reaches at least this many lines back from the end.
    static let windowLines = 64

    init?(language: LoadedLanguage) {
        guard let parser = ts_parser_new() else { return nil }
        self.parser = parser
        self.language = language
        self.strings = OpenStrings(language: language.descriptor.id)
    }

    deinit {
        if let tree { ts_tree_delete(tree) }
        ts_parser_delete(parser)
    }

    /// The tokens of `text`, which extends the code of the last call (or starts over), within
    /// `timeoutMicros` of CPU time.
    func tokens(for text: String, timeoutMicros: UInt64) -> Result<ProvisionalTokens, HighlightError> {
        let new = Array(text.utf8)
        let budget = CPUBudget(microseconds: timeoutMicros)
        let timedOut = HighlightError.timedOut(
            language: language.descriptor.id, bytes: new.count, milliseconds: Int(timeoutMicros / 1000))
        guard new.count < Int(UInt32.max) else { return .failure(timedOut) }
        let query: CompiledQuery
        switch language.query {
        case .success(let read): query = read
        case .failure(let error): return .failure(error)
        }
        let previous = code.count
        let extends = previous <= new.count && new[..<previous].elementsEqual(code)
        if !extends { reset() }
        // The window: the last `windowLines` lines, and every line from the last call's last on.
        var windowStart = new.count
        var lines = 0
        while windowStart > 0, lines <= Self.windowLines {
            windowStart -= 1
            if new[windowStart] == 0x0A { lines += 1 }
        }
        if windowStart > 0 { windowStart += 1 }
        // Matched whole the first time, so that no line before the window is left plain.
        windowStart = extends && previous > 0 ? min(windowStart, Self.lineStart(before: previous, in: new)) : 0
        let fresh = new.withUnsafeBufferPointer { bytes -> [SyntaxToken]? in
            strings.advance(over: bytes)
            let state = strings.end(of: bytes)
            let closer = strings.closer(for: state, after: bytes)
            if let opener = strings.opener(of: state, in: bytes), opener.upperBound <= windowStart {
                return windowTokens(
                    bytes, from: windowStart, opener: opener, closer: closer, query: query, budget: budget)
            }
            return treeTokens(bytes, from: windowStart, closer: closer, query: query, budget: budget)
        }
        guard let fresh else { return .failure(timedOut) }
        var kept = tokens
        while let last = kept.last, last.range.upperBound > windowStart {
            if last.range.lowerBound < windowStart {
                kept[kept.count - 1].range = last.range.lowerBound..<windowStart
                break
            }
            kept.removeLast()
        }
        tokens = kept + fresh
        code = new
        return .success(
            ProvisionalTokens(
                tokens: tokens,
                extending: extends ? .init(previousLength: previous, unchangedBefore: windowStart) : nil))
    }

    /// Starts over, for a code that does not extend the last one.
    private func reset() {
        if let tree { ts_tree_delete(tree) }
        tree = nil
        (code, tokens, treeCount, treeCloser, treeEnd) = ([], [], 0, [], TSPoint(row: 0, column: 0))
        strings = OpenStrings(language: language.descriptor.id)
    }

    /// The tokens from `windowStart` on, from the whole code parsed (incrementally) with `closer` after
    /// it and the query matched over the nodes that reach into the window.
    private func treeTokens(
        _ code: UnsafeBufferPointer<UInt8>, from windowStart: Int, closer: [UInt8], query: CompiledQuery,
        budget: CPUBudget
    ) -> [SyntaxToken]? {
        let end = (treeCount == 0 ? TSPoint(row: 0, column: 0) : treeEnd).moved(over: code[treeCount...])
        if let tree {
            var edit = TSInputEdit(
                start_byte: UInt32(treeCount), old_end_byte: UInt32(treeCount + treeCloser.count),
                new_end_byte: UInt32(code.count + closer.count), start_point: treeEnd,
                old_end_point: treeEnd.moved(over: treeCloser), new_end_point: end.moved(over: closer))
            ts_tree_edit(tree, &edit)
        }
        let text = Array(code) + closer
        let parsed = text.withUnsafeBufferPointer {
            TreeHighlighting.parse($0, language: language, oldTree: tree, budget: budget, parser: parser)
        }
        if let tree { ts_tree_delete(tree) }
        tree = parsed
        guard let parsed else {
            (treeCount, treeCloser) = (0, [])
            return nil
        }
        (treeCount, treeCloser, treeEnd) = (code.count, closer, end)
        let root = ts_tree_root_node(parsed)
        var levels: [FlatTree.PrunedLevel] = []
        if windowStart > 0 {
            // From the root down, each node with its children from the first that reaches into the window.
            var cursor = ts_tree_cursor_new(root)
            defer { ts_tree_cursor_delete(&cursor) }
            var node = root
            while case let index = ts_tree_cursor_goto_first_child_for_byte(&cursor, UInt32(windowStart)), index >= 0 {
                levels.append(FlatTree.PrunedLevel(node: node, from: UInt32(index)))
                node = ts_tree_cursor_current_node(&cursor)
                if ts_node_start_byte(node) >= UInt32(windowStart) { break }
            }
        }
        let keepGoing = { !budget.isSpent }
        let expected = (text.count - windowStart) / 3 + 16
        let forest =
            levels.isEmpty
            ? FlatTree(root: root, symbols: language.symbols, expectedCount: expected, keepGoing: keepGoing)
            : FlatTree(
                roots: [], pruned: levels, symbols: language.symbols, expectedCount: expected, keepGoing: keepGoing)
        guard let forest else { return nil }
        return text.withUnsafeBufferPointer {
            query.tokens(in: forest, code: $0, from: windowStart, keepGoing: keepGoing).map {
                Self.cut($0, at: code.count)
            }
        }
    }

    /// The tokens from `windowStart` on, inside a string or comment opened at `opener` before it: the
    /// window parsed alone, behind the text of the opener's line up to the opener's end.
    private func windowTokens(
        _ code: UnsafeBufferPointer<UInt8>, from windowStart: Int, opener: Range<Int>, closer: [UInt8],
        query: CompiledQuery, budget: CPUBudget
    ) -> [SyntaxToken]? {
        let head = Array(code[Self.lineStart(before: opener.lowerBound + 1, in: code)..<opener.upperBound])
        let text = head + Array(code[windowStart...]) + closer
        return text.withUnsafeBufferPointer { bytes -> [SyntaxToken]? in
            guard
                let tree = TreeHighlighting.parse(
                    bytes, language: language, oldTree: nil, budget: budget, parser: parser)
            else { return nil }
            defer { ts_tree_delete(tree) }
            let keepGoing = { !budget.isSpent }
            guard
                let flat = FlatTree(
                    root: ts_tree_root_node(tree), symbols: language.symbols, expectedCount: bytes.count / 3 + 16,
                    keepGoing: keepGoing),
                let found = query.tokens(in: flat, code: bytes, from: head.count, keepGoing: keepGoing)
            else { return nil }
            let shift = windowStart - head.count
            return Self.cut(found, at: bytes.count - closer.count).map {
                SyntaxToken(range: ($0.range.lowerBound + shift)..<($0.range.upperBound + shift), capture: $0.capture)
            }
        }
    }

    /// `tokens` cut to end at `count` (what lies after is the closer's).
    private static func cut(_ tokens: [SyntaxToken], at count: Int) -> [SyntaxToken] {
        var tokens = tokens
        while let last = tokens.last, last.range.upperBound > count {
            if last.range.lowerBound < count {
                tokens[tokens.count - 1].range = last.range.lowerBound..<count
                break
            }
            tokens.removeLast()
        }
        return tokens
    }

    /// The start of the line holding byte `offset - 1` (the line that ends at `offset`, or holds it).
    private static func lineStart<Code: RandomAccessCollection<UInt8>>(before offset: Int, in code: Code) -> Int
    where Code.Index == Int {
        var start = min(offset, code.count)
        while start > 0, code[start - 1] != 0x0A { start -= 1 }
        return start
    }
}

extension TSPoint {
    /// This point moved over `bytes`: a row down at each line feed.
    fileprivate func moved(over bytes: some Collection<UInt8>) -> TSPoint {
        var moved = self
        for byte in bytes {
            if byte == 0x0A {
                moved.row += 1
                moved.column = 0
            } else {
                moved.column += 1
            }
        }
        return moved
    }
}
