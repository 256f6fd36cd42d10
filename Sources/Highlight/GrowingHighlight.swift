import CTreeSitter
import GrammarStore
import HighlightQuery
import MarkdownCore

/// The provisional highlight of one code block that grows while it streams, kept from one highlight to
/// the next by whoever owns the block (the stream's open-block state), never by the highlighter.
///
/// What it buys, measured with StreamBench (a 2,000-line block fed a line at a time, paced): a fresh
/// highlight of the whole block at each paced redraw costs 65–80× one highlight of the block, and
/// tree-sitter's incremental reparse is no cure, since it rebuilds a long repetition (a class's methods,
/// a function's statements) at every line; this costs a few times one. Each highlight parses afresh only
/// the block's last lines: those added since the last highlight, `marginLines` before them (whose colours
/// the new lines may change; none, behind half the context, when only the last line grew: the next line
/// break takes them) and `contextLines` before those (parsed, their colours not taken), behind the first
/// line of every node that encloses them in the last highlight's tree (the block's `class Service {`, the
/// function's `def run(self):`, the line that opened a long string), and of what an error node holds that
/// opens the lines after it (a JSX `<ul>` left open): its enclosing lines. So a highlight costs about
/// what its new lines cost, and the lines before keep the colours they had, which a live region has
/// scrolled past by then, except the enclosing lines, which take the colours of the new parse where they
/// differ (the first parse of `fn main() {` alone may not read it as a function). The first highlight of
/// a block parses it whole. The string or comment open at the end is closed for the parse
/// (`OpenStrings`), and the brackets the last parse left open after it (`TreeBrackets`). The final block
/// is highlighted afresh, so none of this can change what a stream ends with.
///
/// `@unchecked Sendable`: it owns a parser and a tree (C pointers); its owner hands it to one highlight
/// at a time, under its own lock.
final class GrowingHighlight: @unchecked Sendable {
    let language: LoadedLanguage
    private let parser: OpaquePointer
    /// The code last highlighted (each call's extends it, or the highlight starts over). Kept as the
    /// caller's string, whose storage it shares, and read through its UTF-8 buffer: a copy of a long
    /// block at every highlight was a quarter of a highlight's time.
    private var code = ""
    private var strings: OpenStrings
    private var tokens: [SyntaxToken] = []
    /// The last text parsed: a prelude (`LanguageDescriptor.prelude`), the block's enclosing lines (`head`,
    /// ranges of the code), then the code from `start` to `end`, then a closer; and its tree.
    private var fragment:
        (tree: OpaquePointer, prelude: Int, head: [Range<Int>], headLength: Int, start: Int, end: Int)?
    /// What closes the brackets the last parse left open at the end of its code.
    private var brackets: [UInt8] = []
    /// Taken from the language once: asking it takes two locks, a tenth of a highlight of a few lines.
    private let query: CompiledQuery

    /// Lines before the first new line whose tokens are taken again, and lines before those parsed only
    /// for what they open.
    static let marginLines = 6
    static let contextLines = 4

    /// Nil when the language's query cannot be used: the block stays plain until its final highlight,
    /// which reports why.
    init?(language: LoadedLanguage) {
        guard case .success(let query) = language.query, let parser = ts_parser_new() else { return nil }
        self.query = query
        self.parser = parser
        self.language = language
        self.strings = OpenStrings(language: language.descriptor.id)
    }

    deinit {
        if let fragment { ts_tree_delete(fragment.tree) }
        ts_parser_delete(parser)
    }

    /// The tokens of `text`, which extends the code of the last call (or starts over), within
    /// `timeoutMicros` of CPU time.
    func tokens(for text: String, timeoutMicros: UInt64) -> Result<ProvisionalTokens, HighlightError> {
        var new = text
        let budget = CPUBudget(microseconds: timeoutMicros)
        let timedOut = HighlightError.timedOut(
            language: language.descriptor.id, bytes: new.utf8.count, milliseconds: Int(timeoutMicros / 1000))
        guard new.utf8.count < Int(UInt32.max) else { return .failure(timedOut) }
        let previous = code.utf8.count
        let extends = previous > 0 && new.hasBytePrefix(code)
        if !extends { reset() }
        let result = new.withUTF8 { bytes -> (parsed: Parsed, from: Int)? in
            strings.advance(over: bytes)
            let state = strings.end(of: bytes)
            let opener = strings.opener(of: state, in: bytes)
            let openerLine = opener.map { Self.lineStart(bytes, before: $0.lowerBound + 1, back: 0)..<$0.upperBound }
            // A string or comment open since before the last call's last line (a docstring): the lines
            // before that one keep their colours whatever follows, and the new lines hold no brackets.
            let lastLine = extends ? Self.lineStart(bytes, before: previous, back: 0) : 0
            var (inString, withinLine) = (false, false)
            if extends, case .span = state, let opener, opener.upperBound <= lastLine { inString = true }
            // Its new lines, holding nothing coloured apart in it, take the colour of the token that
            // reaches their start, unparsed (`OpenStrings.isPlain`).
            if inString, let last = tokens.last, last.range.lowerBound <= lastLine, last.range.upperBound == previous,
                strings.isPlain(bytes[(previous - 1)...], in: state, of: bytes)
            {
                let string = SyntaxToken(range: previous..<bytes.count, capture: last.capture)
                return (Parsed(tokens: [string], head: []), previous)
            }
            // The string or comment left open, then the brackets (the last parse's, updated for the new
            // lines).
            let openBrackets =
                !extends ? [] : inString ? brackets : TreeBrackets.closers(brackets, after: bytes[previous...])
            // On a line of their own, so that a line comment at the code's end does not take them in.
            let onALine = openBrackets.isEmpty || bytes.last == 0x0A ? openBrackets : [0x0A] + openBrackets
            let closer = strings.closer(for: state, after: bytes) + onALine
            // The first line whose tokens are taken, and the first parsed.
            var from = 0
            var start = 0
            var head: [Range<Int>] = []
            if inString, let openerLine {
                // Parsed from that line on, behind the opener's line.
                (from, start, head) = (lastLine, lastLine, [openerLine])
            } else if extends {
                // Only the last line grew (a model's token): only its colours are taken, behind fewer lines
                // (and not the enclosing lines': a parse cut inside a token may read them less well).
                withinLine = !bytes[previous...].contains(0x0A)
                let (margin, context) = withinLine ? (0, Self.contextLines / 2) : (Self.marginLines, Self.contextLines)
                from = Self.lineStart(bytes, before: previous, back: margin)
                start = max(fragment?.start ?? 0, Self.lineStart(bytes, before: from, back: context))
                // Lines parsed from the block's start lack no context: their colours are taken too.
                from = start == 0 ? 0 : max(from, start)
                if let opener, let openerLine, opener.upperBound <= start {
                    head = [openerLine]
                } else {
                    head = enclosingLines(of: start, in: bytes)
                }
            }
            return parse(bytes, head: head, from: start, tokensFrom: from, closer: closer, budget: budget)
                .map { (withinLine ? Parsed(tokens: $0.tokens, head: []) : $0, from) }
        }
        guard let result else { return .failure(timedOut) }
        // In place: nobody else holds them while this runs (see `HighlightPacer`).
        while let last = tokens.last, last.range.upperBound > result.from {
            if last.range.lowerBound < result.from {
                tokens[tokens.count - 1].range = last.range.lowerBound..<result.from
                break
            }
            tokens.removeLast()
        }
        var parsed = result.parsed.tokens[...]
        // A token that goes on where the kept ones end (a string over new lines) is kept as one.
        if let first = parsed.first, let last = tokens.last, last.range.upperBound == first.range.lowerBound,
            last.capture == first.capture
        {
            tokens[tokens.count - 1].range = last.range.lowerBound..<first.range.upperBound
            parsed = parsed.dropFirst()
        }
        tokens += parsed
        var unchanged = result.from
        for (line, taken) in result.parsed.head where retake(taken, on: line) {
            unchanged = min(unchanged, line.lowerBound)
        }
        code = new
        return .success(
            ProvisionalTokens(
                tokens: tokens, extending: extends ? .init(previousLength: previous, unchangedBefore: unchanged) : nil
            ))
    }

    /// What a parse gives: the tokens from the first line whose tokens are taken on, and the tokens of
    /// each enclosing line (a range of the code) parsed in front.
    private struct Parsed {
        var tokens: [SyntaxToken]
        var head: [(line: Range<Int>, tokens: [SyntaxToken])]
    }

    /// Puts `new` in place of the tokens of `line` when they differ and colour no fewer bytes (a parse cut
    /// inside a token may read the line less well), unless a token crosses the line's bounds (a string
    /// over lines, whose line alone cannot say its colours); whether it did.
    private func retake(_ new: [SyntaxToken], on line: Range<Int>) -> Bool {
        let low = tokens.partitioningIndex { $0.range.upperBound > line.lowerBound }
        let high = tokens[low...].partitioningIndex { $0.range.lowerBound >= line.upperBound }
        if low < high,
            tokens[low].range.lowerBound < line.lowerBound || tokens[high - 1].range.upperBound > line.upperBound
        {
            return false
        }
        let covered = { (tokens: ArraySlice<SyntaxToken>) in tokens.reduce(0) { $0 + $1.range.count } }
        guard !tokens[low..<high].elementsEqual(new), covered(new[...]) >= covered(tokens[low..<high]) else {
            return false
        }
        tokens.replaceSubrange(low..<high, with: new)
        return true
    }

    /// Starts over, for a code that does not extend the last one.
    private func reset() {
        if let fragment { ts_tree_delete(fragment.tree) }
        fragment = nil
        (code, tokens, brackets) = ("", [], [])
        strings = OpenStrings(language: language.descriptor.id)
    }

    /// Parses `head`'s lines, then `code` from `start` on, then `closer`, keeping the tree: the tokens
    /// from byte `from` of `code` on and those of the head's lines (counted in `code`).
    private func parse(
        _ code: UnsafeBufferPointer<UInt8>, head: [Range<Int>], from start: Int, tokensFrom from: Int,
        closer: [UInt8], budget: CPUBudget
    ) -> Parsed? {
        var text = head.flatMap { code[$0] }
        let headLength = text.count
        text += code[start...]
        let prelude = language.descriptor.prelude(before: text)
        if !prelude.isEmpty { text.insert(contentsOf: prelude, at: 0) }
        text += closer
        return text.withUnsafeBufferPointer { bytes -> Parsed? in
            guard
                let tree = TreeHighlighting.parse(
                    bytes, language: language, budget: budget, parser: parser)
            else { return nil }
            if let fragment { ts_tree_delete(fragment.tree) }
            fragment = (tree, prelude.count, head, headLength, start, code.count)
            brackets = TreeBrackets.closers(in: tree, before: UInt32(prelude.count + headLength + code.count - start))
            let shift = start - headLength
            guard var found = TreeHighlighting.match(tree, of: bytes, language: language, query: query, budget: budget)
            else { return nil }
            // Counted from the end of the prelude, whose own tokens go (only a language that has one).
            if !prelude.isEmpty { found = found.compactMap { $0.shifted(by: -prelude.count) } }
            let first = found.partitioningIndex { $0.range.upperBound > from - shift }
            var tokens = found[first...].map {
                SyntaxToken(range: ($0.range.lowerBound + shift)..<($0.range.upperBound + shift), capture: $0.capture)
            }
            if let token = tokens.first, token.range.lowerBound < from {
                tokens[0].range = from..<token.range.upperBound
            }
            // Cut to the code: what lies after is the closer's.
            while let last = tokens.last, last.range.upperBound > code.count {
                if last.range.lowerBound < code.count {
                    tokens[tokens.count - 1].range = last.range.lowerBound..<code.count
                    break
                }
                tokens.removeLast()
            }
            return Parsed(tokens: tokens, head: Self.headTokens(found[..<first], head: head))
        }
    }

    /// `found`'s tokens on each of the `head` lines parsed in front of the code (`found` counted in the
    /// text parsed, whose first bytes are those lines), cut to their line and counted in the code.
    private static func headTokens(
        _ found: ArraySlice<SyntaxToken>, head: [Range<Int>]
    ) -> [(line: Range<Int>, tokens: [SyntaxToken])] {
        var result: [(line: Range<Int>, tokens: [SyntaxToken])] = []
        var offset = 0
        var index = found.startIndex
        for line in head {
            var tokens: [SyntaxToken] = []
            while index < found.endIndex, found[index].range.lowerBound < offset + line.count {
                let token = found[index]
                let range = max(token.range.lowerBound, offset)..<min(token.range.upperBound, offset + line.count)
                if !range.isEmpty {
                    let shift = line.lowerBound - offset
                    tokens.append(
                        SyntaxToken(
                            range: (range.lowerBound + shift)..<(range.upperBound + shift), capture: token.capture))
                }
                if token.range.upperBound > offset + line.count { break }
                index += 1
            }
            result.append((line, tokens))
            offset += line.count
        }
        return result
    }

    /// The lines of `code` that hold the first byte of each node enclosing byte `offset` (a line start)
    /// in the last tree, the root aside: the text to parse in front of the code from there on, so that it
    /// reads inside the same constructs.
    private func enclosingLines(of offset: Int, in code: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard let fragment, offset >= fragment.start else { return [] }
        // Where a byte of the last text parsed lies in the code.
        func original(_ byte: Int) -> Int {
            if byte >= fragment.prelude + fragment.headLength {
                return byte - fragment.prelude - fragment.headLength + fragment.start
            }
            var rest = max(0, byte - fragment.prelude)
            for line in fragment.head {
                if rest < line.count { return line.lowerBound + rest }
                rest -= line.count
            }
            return fragment.start
        }
        // Past the end, what encloses its last byte: only a string's new lines are left unparsed.
        let local = UInt32(
            min(offset, max(fragment.start, fragment.end - 1)) - fragment.start + fragment.prelude + fragment.headLength
        )
        let root = ts_tree_root_node(fragment.tree)
        var node = ts_node_descendant_for_byte_range(root, local, local)
        var starts: Set<Int> = []
        func line(of byte: UInt32) -> Int { Self.lineStart(code, before: original(Int(byte)) + 1, back: 0) }
        func indentation(of byte: UInt32) -> Int {
            let start = line(of: byte)
            return code[start...].prefix { $0 == 0x20 || $0 == 0x09 }.count
        }
        while !ts_node_is_null(node), !ts_node_eq(node, root) {
            let first = ts_node_start_byte(node)
            if first < local { starts.insert(line(of: first)) }
            if ts_node_symbol(node) == UInt16.max {  // an error node
                for opener in Self.openers(in: node, before: local, indentation: indentation) {
                    // Its first line and its last (an empty node, one inserted by error recovery, has one).
                    let (start, end) = (ts_node_start_byte(opener), ts_node_end_byte(opener))
                    starts.insert(line(of: start))
                    starts.insert(line(of: end > start ? end - 1 : start))
                }
            }
            node = ts_node_parent(node)
        }
        return starts.filter { $0 < offset }.sorted().map { start in
            start..<((code[start..<offset].firstIndex(of: 0x0A) ?? (offset - 1)) + 1)
        }
    }

    /// The children of `error`, an error node below the root, that end before byte `local` of the last
    /// text parsed and open what follows them: those whose next sibling starts on a later line indented
    /// deeper.
    ///
    /// Error recovery flattens what the parser had built into the error node's children: a JSX
    /// `<ul>` left open, then its items, are siblings there, and no node encloses the items. Without
    /// their opener the lines parsed next read as something else (TSX's `<li>`s as comparisons, each
    /// nested in the last), which costs more at every highlight and colours them wrongly. The tree
    /// cannot say which child opens the rest, the layout of the code does: an item of a list is
    /// followed by the next at its own indentation, an opener by a line indented deeper. An error node at
    /// the root is left out, as the root is: it holds the block's whole top level (a Ruby class before
    /// its `end`), and the last lines parse as well without its first line, and faster (an unclosed
    /// class in front makes the recovery at their end costlier).
    private static func openers(
        in error: TSNode, before local: UInt32, indentation: (UInt32) -> Int
    ) -> [TSNode] {
        var found: [TSNode] = []
        var cursor = ts_tree_cursor_new(error)
        defer { ts_tree_cursor_delete(&cursor) }
        guard ts_tree_cursor_goto_first_child(&cursor) else { return [] }
        var child = ts_tree_cursor_current_node(&cursor)
        while ts_node_end_byte(child) <= local, ts_tree_cursor_goto_next_sibling(&cursor) {
            let next = ts_tree_cursor_current_node(&cursor)
            let (here, there) = (ts_node_end_point(child), ts_node_start_point(next))
            if there.row > here.row, indentation(ts_node_start_byte(next)) > indentation(ts_node_start_byte(child)) {
                found.append(child)
            }
            child = next
        }
        return found
    }

    /// The start of the line holding byte `offset - 1` (the line that ends at `offset`, or holds it),
    /// moved back `lines` lines.
    private static func lineStart(_ code: UnsafeBufferPointer<UInt8>, before offset: Int, back lines: Int) -> Int {
        var start = min(offset, code.count)
        var left = lines
        while start > 0 {
            if code[start - 1] == 0x0A {
                if left == 0 { break }
                left -= 1
            }
            start -= 1
        }
        return start
    }
}
