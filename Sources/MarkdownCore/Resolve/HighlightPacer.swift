import Synchronization

/// Decides, at each redraw of a stream's unfinished tail, whether a growing code block is highlighted
/// again or shown with the tokens of its last highlight, its newest lines plain for a moment.
///
/// Highlighting a block that grew by a line costs libtree-sitter a reparse of the region around the end
/// (10–20 µs however short the line) and mdview the comparison and matching of what changed, where the
/// whole block highlighted once costs 4–8 µs a line: redrawn at every line, highlighting alone costs
/// 3–8× highlighting the block once. So, as the reference view highlights in the background while text
/// is shown at once, a redraw that comes soon after the last highlight shows the new lines plain and
/// leaves their colours to a later redraw, and the stream names when (`refreshDeadline`,
/// `nextHighlightDue`: a caller that chooses when to redraw, as the command does, waits for it).
/// "Soon" scales with what the last highlight cost: the block is highlighted again once the time since
/// then is `idleFactor` times that cost, so highlighting takes at most about a ninth of a stream that
/// arrives as fast as it can be drawn, and a line that arrives slower than that (a language model's,
/// a person's) is coloured at the redraw that shows it. Fewer than `plainLines` lines (and at most
/// `plainBytes` bytes) are ever left plain, so a live region tall enough (`mostPlainRows`) never writes
/// plain code for good; a block seen for the first time, or one that is not the last block's
/// continuation, is always highlighted.
///
/// Nothing here holds the tokens while the highlighter runs: it extends its own copy in place, and a
/// second reference would make it copy them whole at every call.
final class HighlightPacer: Sendable {
    /// The last highlight of the growing block: its tokens, how far they reach, and when it was made.
    private struct Last {
        var lineage: CodeLineage
        var language: String
        var tokens: [SyntaxToken]
        /// The code's length when it was highlighted (the tokens end there at most).
        var highlightedLength: Int
        /// The code's length at the last call (highlighted or shown with older tokens).
        var shownLength: Int
        var finishedAt: ContinuousClock.Instant
        var cost: Duration

        /// When the block is next highlighted rather than shown with these tokens.
        var nextDue: ContinuousClock.Instant { finishedAt + cost * HighlightPacer.idleFactor }
    }

    /// The time that passes between two highlights of a block is at least this many times the cost of the
    /// first of them.
    static let idleFactor = 8
    /// Fewer than this many of a block's last lines are shown plain, and at most this many bytes.
    static let plainLines = 16
    static let plainBytes = 512

    private let state = Mutex<(last: Last?, deadline: ContinuousClock.Instant?)>((nil, nil))
    private let now: @Sendable () -> ContinuousClock.Instant

    /// A pacer reading `now` for the time (a test's own clock; the continuous clock by default).
    init(now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.now = now
    }

    /// The tokens for `block`, whose code may extend the last block's: `highlight()`'s, or the last
    /// highlight's while it is recent (see the type's comment). In both cases `extending` says how they
    /// relate to the previous call's, as `GrowingCodeRows` reads it.
    func tokens(
        for block: CodeBlock, language: String, highlight: () -> ProvisionalTokens?
    ) -> ProvisionalTokens? {
        let length = block.code.utf8.count
        // Decided under the lock; to highlight, the kept entry is dropped first, so that nothing holds the
        // tokens the highlighter extends in place (holding them would make it copy them at every line).
        let decision = state.withLock { state -> Decision in
            guard var last = state.last, let lineage = block.lineage, last.lineage == lineage,
                last.language == language, length >= last.shownLength
            else {
                state = (nil, nil)
                return .highlight(continuing: nil)
            }
            let due = last.nextDue
            guard now() < due, Self.fewPlainLines(in: block.code, from: last.highlightedLength) else {
                state = (nil, nil)
                return .highlight(continuing: (last.highlightedLength, last.shownLength))
            }
            let previous = last.shownLength
            last.shownLength = length
            state = (last, due)
            // The same tokens: only the rows from the last line the previous call showed on change.
            return .show(
                ProvisionalTokens(
                    tokens: last.tokens, extending: .init(previousLength: previous, unchangedBefore: previous)))
        }
        let continuing: (highlightedLength: Int, shownLength: Int)?
        switch decision {
        case .show(let tokens): return tokens
        case .highlight(let kept): continuing = kept
        }
        let started = now()
        guard var result = highlight() else { return nil }
        let finished = now()
        if let continuing, let extending = result.extending {
            // The highlighter compared with its own last call; layout last showed `shownLength` bytes, those
            // past `highlightedLength` plain.
            result.extending =
                extending.previousLength == continuing.highlightedLength
                ? .init(
                    previousLength: continuing.shownLength,
                    unchangedBefore: min(extending.unchangedBefore, continuing.highlightedLength))
                : nil
        }
        let kept = block.lineage.map {
            Last(
                lineage: $0, language: language, tokens: result.tokens, highlightedLength: length,
                shownLength: length, finishedAt: finished, cost: started.duration(to: finished))
        }
        state.withLock { $0 = (kept, nil) }
        return result
    }

    /// What a call does: show the last tokens, or highlight (continuing the kept block: the lengths
    /// highlighted and shown at the last calls).
    private enum Decision {
        case show(ProvisionalTokens)
        case highlight(continuing: (highlightedLength: Int, shownLength: Int)?)
    }

    /// When the growing block is next highlighted rather than shown with its last tokens (nil before any).
    var nextHighlightDue: ContinuousClock.Instant? {
        state.withLock { $0.last?.nextDue }
    }

    /// When a redraw would show the lines left plain at the last call highlighted (nil when none were);
    /// reading it clears it, so that a tail that stopped calling is not redrawn for it again.
    func takeRefreshDeadline() -> ContinuousClock.Instant? {
        state.withLock { state in
            defer { state.deadline = nil }
            return state.deadline
        }
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

    /// The most rows the plain lines of a top-level block laid out `width` columns wide can take (its
    /// bar's columns less), its frame's bottom line included: a live region at least that tall never
    /// writes them for good.
    static func mostPlainRows(width: Int) -> Int {
        plainLines + 1 + plainBytes / max(1, width - DocumentLayout.gutter)
    }
}
