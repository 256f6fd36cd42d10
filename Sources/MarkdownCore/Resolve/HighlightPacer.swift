/// The one scheduler of a stream's provisional highlighting: decides, at each redraw of its unfinished
/// tail, whether a growing code block is highlighted again or shown with the tokens of its last
/// highlight, its newest lines plain for a moment. It keeps, as part of the stream's open-block state
/// (`OpenBlockState`), the last highlight and what the highlighter keeps of the block between calls.
///
/// Highlighting a block that grew by a line costs libtree-sitter a reparse of the region around the end
/// (10–20 µs however short the line) and mdview the matching of the lines near the end, where the
/// whole block highlighted once costs 4–8 µs a line: redrawn at every line, highlighting alone would
/// cost several times highlighting the block once. So, as the reference view highlights in the
/// background while text is shown at once, a redraw that comes soon after the last highlight shows the
/// new lines plain and leaves their colours to a later redraw, and the stream names when
/// (`refreshDeadline`, `nextHighlightDue`: a caller that chooses when to redraw, as the command does,
/// waits for it). "Soon" is measured, not guessed: the block is highlighted again once the time since
/// the last highlight is `idleFactor` times what it cost, so highlighting takes at most about a 13th
/// of a stream that arrives as fast as it can be drawn, and a line that arrives slower than that (a
/// language model's, a person's) is coloured at the redraw that shows it. Fewer than `plainLines` lines
/// (and at most `plainBytes` bytes) are ever left plain, or, in a top-level fence, whose width is known,
/// no more lines than fill the rows those could (`fewPlainRows`), so a live region tall enough
/// (`mostPlainRows`) never scrolls plain code out; a block seen for the first time, or one that is not
/// the last block's continuation, is always highlighted.
///
/// A line shown coloured is never shown plain again while the block grows: where a new highlight
/// leaves a line plain that the last one coloured (an unfinished line that now reads as an error), the
/// line keeps its last colours (`keepingColours`).
struct HighlightPacer: Sendable {
    /// The last highlight of the growing block: its tokens, how far they reach, and when it was made.
    private struct Last: Sendable {
        /// The lineage of the code (see `KeptCode`), when the stream read it straight from the source.
        var lineage: Int?
        /// The code, kept only when it has no lineage to tell a longer code by (holding a code that has
        /// would make the stream copy it to append to it).
        var code: String?
        var language: String
        var tokens: [SyntaxToken]
        /// The code's length when it was highlighted (the tokens end there at most).
        var highlightedLength: Int
        /// The code's length at the last call (highlighted or shown with older tokens).
        var shownLength: Int
        /// When the block is next highlighted rather than shown with these tokens: its end plus
        /// `idleFactor` times its cost (worked out once; the stream asks at every read).
        var nextDue: ContinuousClock.Instant
    }

    /// The time that passes between two highlights of a block is at least this many times the cost of the
    /// first of them.
    static let idleFactor = 12
    /// Fewer than this many of a block's last lines are shown plain, and at most this many bytes.
    static let plainLines = 16
    static let plainBytes = 512

    private var last: Last?
    private var deadline: ContinuousClock.Instant?
    /// What the highlighter keeps of the block between calls (`SyntaxHighlighter.provisionalTokens`).
    private var highlighter: (any Sendable)?

    /// The same pacing for a copy of the stream: what the highlighter keeps is left behind, as it may be
    /// an object the highlighter changes in place.
    var copied: HighlightPacer {
        var copy = self
        copy.highlighter = nil
        copy.last = nil
        return copy
    }

    /// The tokens for `block` (of `lineage` when the stream read its code straight from the source),
    /// whose code may extend the last block's: `highlight`'s (given what the highlighter kept), or, when
    /// `paced`, the last highlight's while it is recent (see the type's comment). In both cases
    /// `extending` says how they relate to the previous call's, as `GrowingCodeRows` reads it.
    ///
    /// `width` is the document's width when the block is a top-level fence (one with a `lineage`): its
    /// plain lines are then bounded by the rows they fill at that width rather than by their bytes
    /// (`fewPlainRows`), which the same `mostPlainRows` bounds.
    mutating func tokens(
        for block: CodeBlock, lineage: Int?, language: String, paced: Bool, width: Int? = nil,
        now: () -> ContinuousClock.Instant, highlight: (inout (any Sendable)?) -> ProvisionalTokens?
    ) -> ProvisionalTokens? {
        let length = block.code.utf8.count
        var continuing: Continuing?
        if var last, last.language == language, length >= last.shownLength,
            Self.extends(block, lineage: lineage, last)
        {
            let due = last.nextDue
            let few =
                if let width, lineage != nil {
                    Self.fewPlainRows(in: block.code, from: last.highlightedLength, width: width)
                } else {
                    Self.fewPlainLines(in: block.code, from: last.highlightedLength)
                }
            if paced, now() < due, few {
                let previous = last.shownLength
                last.shownLength = length
                (self.last, deadline) = (last, due)
                // The same tokens: only the rows from the last line the previous call showed on change.
                return ProvisionalTokens(
                    tokens: last.tokens, extending: .init(previousLength: previous, unchangedBefore: previous))
            }
            continuing = Continuing(
                highlightedLength: last.highlightedLength, shownLength: last.shownLength,
                recent: Array(last.tokens.suffix(Self.recentTokens)))
        }
        // Only the last tokens are kept while the highlighter runs: it then extends its own in place.
        (last, deadline) = (nil, nil)
        let started = now()
        let highlighted = highlight(&highlighter)
        let finished = now()
        guard var result = highlighted else { return nil }
        if let continuing, let extending = result.extending {
            // The highlighter compared with its own last call; layout last showed `shownLength` bytes, those
            // past `highlightedLength` plain.
            let unchanged = min(extending.unchangedBefore, continuing.highlightedLength)
            result.extending =
                extending.previousLength == continuing.highlightedLength
                ? .init(previousLength: continuing.shownLength, unchangedBefore: unchanged) : nil
            if result.extending != nil {
                result.tokens = Self.keepingColours(
                    of: continuing.recent, in: result.tokens, code: block.code, from: unchanged,
                    to: continuing.highlightedLength)
            }
        }
        last = Last(
            lineage: lineage, code: lineage == nil ? block.code : nil, language: language,
            tokens: result.tokens, highlightedLength: length, shownLength: length,
            nextDue: finished + started.duration(to: finished) * Double(Self.idleFactor))
        return result
    }

    /// What a highlight of a block that grew continues from: the lengths highlighted and shown at the
    /// last calls, and the last `recentTokens` tokens of the last highlight, whose lines keep their
    /// colours (`keepingColours`).
    private struct Continuing {
        var highlightedLength: Int
        var shownLength: Int
        var recent: [SyntaxToken]
    }

    /// How many of the last highlight's tokens a line left plain may take its colours back from.
    static let recentTokens = 1024

    /// When the growing block is next highlighted rather than shown with its last tokens (nil before any).
    var nextHighlightDue: ContinuousClock.Instant? { last?.nextDue }

    /// When a redraw would show the lines left plain at the last call highlighted (nil when none were);
    /// reading it clears it, so that a tail that stopped calling is not redrawn for it again.
    mutating func takeRefreshDeadline() -> ContinuousClock.Instant? {
        defer { deadline = nil }
        return deadline
    }

    /// Whether `block`'s code (of `lineage`) extends the code of `last`: told by their lineage, or compared.
    private static func extends(_ block: CodeBlock, lineage: Int?, _ last: Last) -> Bool {
        if let kept = last.lineage { return lineage == kept }
        return last.code.map(block.code.hasBytePrefix) ?? false
    }

    /// `new` with the colours of `old` kept on each line from byte `start` to byte `end` that `old`
    /// coloured and `new` leaves wholly plain.
    static func keepingColours(
        of old: [SyntaxToken], in new: [SyntaxToken], code: String, from start: Int, to end: Int
    ) -> [SyntaxToken] {
        guard start < end else { return new }
        let utf8 = code.utf8
        var restored: [SyntaxToken] = []
        var oldIndex = old.partitioningIndex { $0.range.upperBound > start }
        var newIndex = new.partitioningIndex { $0.range.upperBound > start }
        var lineStart = start
        var position = utf8.index(utf8.startIndex, offsetBy: start)
        while lineStart < end {
            var lineEnd = lineStart
            while lineEnd < end, utf8[position] != 0x0A {
                lineEnd += 1
                position = utf8.index(after: position)
            }
            while newIndex < new.count, new[newIndex].range.upperBound <= lineStart { newIndex += 1 }
            while oldIndex < old.count, old[oldIndex].range.upperBound <= lineStart { oldIndex += 1 }
            if newIndex == new.count || new[newIndex].range.lowerBound >= max(lineEnd, lineStart + 1) {
                var index = oldIndex
                while index < old.count, old[index].range.lowerBound < lineEnd {
                    let range = max(lineStart, old[index].range.lowerBound)..<min(lineEnd, old[index].range.upperBound)
                    restored.append(SyntaxToken(range: range, capture: old[index].capture))
                    index += 1
                }
            }
            lineStart = lineEnd + 1
            if lineEnd < end { position = utf8.index(after: position) }
        }
        guard !restored.isEmpty else { return new }
        return (new + restored).sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// Whether the code past byte `start` holds few enough bytes and lines to be shown plain (a tab
    /// counted as the 8 columns it may take).
    private static func fewPlainLines(in code: String, from start: Int) -> Bool {
        let utf8 = code.utf8
        guard utf8.count - start <= plainBytes else { return false }
        var lines = 0
        var columns = 0
        for byte in utf8[utf8.index(utf8.startIndex, offsetBy: start)...] {
            if byte == 0x0A { lines += 1 }
            columns += byte == 0x09 ? 8 : 1
            if lines >= plainLines || columns > plainBytes { return false }
        }
        return true
    }

    /// Whether the code past byte `start`, laid out as a top-level block `width` columns wide, fills no
    /// more rows than `fewPlainLines` allows at most (`mostPlainRows`, its frame's line aside): lines
    /// of 50 bytes, which the byte bound leaves plain ten at a time, are left plain up to 21 at 100
    /// columns, so a block of them is highlighted half as often. A byte counts as a column (a tab as 8):
    /// no character takes more columns than it has bytes.
    private static func fewPlainRows(in code: String, from start: Int, width: Int) -> Bool {
        let utf8 = code.utf8
        let columnsPerRow = max(1, width - DocumentLayout.gutter)
        let limit = mostPlainRows(width: width) - 1
        var rows = 0
        var columns = 0
        func endLine() {
            rows += max(1, (columns + columnsPerRow - 1) / columnsPerRow)
            columns = 0
        }
        for byte in utf8[utf8.index(utf8.startIndex, offsetBy: start)...] {
            if byte == 0x0A {
                endLine()
                if rows > limit { return false }
            } else {
                columns += byte == 0x09 ? 8 : 1
            }
        }
        endLine()
        return rows <= limit
    }

    /// The most rows the plain lines of a top-level block laid out `width` columns wide can take (its
    /// bar's columns less), its frame's bottom line included: a live region at least that tall never
    /// writes them for good.
    static func mostPlainRows(width: Int) -> Int {
        plainLines + 1 + plainBytes / max(1, width - DocumentLayout.gutter)
    }
}
