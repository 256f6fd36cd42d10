/// The rows of the last code block laid out provisionally, so that a block that grows while it streams
/// (redrawn at every read, a line longer each time) lays out only its new lines, not the whole block.
///
/// A row depends only on its source line's text, the tokens over that line, the width and the theme.
/// When a block extends the one kept and its tokens are the same up to some byte, the rows of the lines
/// that end before that byte and before the kept block's last line (which may have grown) are reused, and
/// the rest of the block is laid out on its own, starting at a line start, with its tokens moved to it.
/// The result is the rows a layout of the whole block gives.
///
/// What it buys: the simpler alternative, laying out at each redraw only the last lines a live region
/// shows, lays out a screenful where this lays out a line; an answer made mostly of a long code block
/// then costs measurably more CPU at a language model's pace (docs/benchmarks.md).
///
/// A value: a stream's open-block state holds it between redraws and hands it to the layout of its
/// unfinished tail, which hands the extended rows back (`GrowingRows`).
struct GrowingCodeRows: Sendable {
    private struct Kept: Sendable {
        /// A copy of its own, extended in place (see `KeptCode`).
        var code: KeptCode
        var highlighted: Bool
        /// The tokens, kept only when the highlighter did not say how the next ones relate to them.
        var tokens: [SyntaxToken]?
        var width: Int
        var theme: Theme
        var frame: Frame?
        /// The rows laid out, behind the frame's bar, between the frame's top and bottom when it has one.
        var rows: [StyledLine]
        /// Each source line's first byte, and its first row.
        var lineStarts: [Int]
        var lineRows: [Int]
        /// The style of each capture name met, in `theme` (see `DocumentLayout.codeRowLines`).
        var styles: [String: Style] = [:]
    }

    /// The lines above and below a block's rows, kept with them so that the framed block is not copied
    /// at each redraw.
    public struct Frame: Equatable, Sendable {
        public var top: StyledLine
        public var bottom: StyledLine

        public init(top: StyledLine, bottom: StyledLine) {
            self.top = top
            self.bottom = bottom
        }
    }

    private var kept: Kept?

    init() {}

    /// The rows of `code` coloured by `tokens`: `layout(text, tokens, styles)` lays out the part not kept
    /// (its tokens counted from its start), says which of its rows continue a source line, and keeps the
    /// styles of the capture names it met in `styles`, kept for the next call in the same theme. `lineage`
    /// tells the code extends the last one without comparing them (see `KeptCode`).
    mutating func rowLines(
        code: String, lineage: Int? = nil, tokens: [SyntaxToken]?,
        extending: ProvisionalTokens.Extension? = nil,
        width: Int, theme: Theme, frame: Frame? = nil,
        layout: (String, [SyntaxToken]?, inout [String: Style]) -> (rows: [StyledLine], continues: [Bool])
    ) -> [StyledLine] {
        var taken = kept
        // The only reference to the rows from here on, so that they change in place, not copied.
        kept = nil
        let line =
            taken.map {
                Self.reusableLines(
                    $0, code: code, lineage: lineage, tokens: tokens, extending: extending, width: width, theme: theme,
                    frame: frame)
            } ?? 0
        // Kept for comparing only when the next tokens may not say how they relate to these: holding on
        // to them would make the highlighter copy them to extend them.
        let keptTokens = extending == nil ? tokens : nil
        guard var entry = taken, line > 0 else {
            var styles: [String: Style] = [:]
            let laid = layout(code, tokens, &styles)
            let rows = frame.map { [$0.top] + laid.rows + [$0.bottom] } ?? laid.rows
            var fresh = Kept(
                code: KeptCode(code, lineage: lineage), highlighted: tokens != nil, tokens: keptTokens, width: width,
                theme: theme, frame: frame,
                rows: rows, lineStarts: [], lineRows: [], styles: styles)
            Self.appendLines(of: code, offset: 0, continues: laid.continues, firstRow: 0, to: &fresh)
            kept = fresh
            return rows
        }
        taken = nil
        let start = entry.lineStarts[line]
        let firstRow = entry.lineRows[line]
        let utf8 = code.utf8
        let rest = String(utf8[utf8.index(utf8.startIndex, offsetBy: start)...]) ?? ""
        let restTokens = tokens.map { Self.tokens($0, from: start) }
        // The same theme (`reusableLines`): the styles found so far hold.
        let laid = layout(rest, restTokens, &entry.styles)
        entry.rows.removeSubrange((firstRow + (frame == nil ? 0 : 1))...)
        entry.lineStarts.removeSubrange(line...)
        entry.lineRows.removeSubrange(line...)
        Self.appendLines(of: rest, offset: start, continues: laid.continues, firstRow: firstRow, to: &entry)
        entry.rows.append(contentsOf: laid.rows)
        if let frame { entry.rows.append(frame.bottom) }
        entry.code.extend(to: code, lineage: lineage)
        entry.tokens = keptTokens
        let rows = entry.rows
        kept = entry
        return rows
    }

    /// How many of the kept block's source lines can be reused for `code`: 0 unless `code` extends the
    /// kept code at the same width, theme and frame.
    private static func reusableLines(
        _ kept: Kept, code: String, lineage: Int?, tokens: [SyntaxToken]?,
        extending: ProvisionalTokens.Extension?, width: Int, theme: Theme, frame: Frame?
    ) -> Int {
        guard kept.width == width, kept.frame == frame, kept.lineStarts.count > 1, kept.highlighted == (tokens != nil),
            kept.code.relation(to: code, lineage: lineage) != .unrelated, kept.theme == theme
        else { return 0 }
        // The kept block's last line may have grown; any line from the first token that changed on is
        // laid out again.
        var limit = kept.lineStarts[kept.lineStarts.count - 1]
        if let new = tokens {
            if let extending, extending.previousLength == kept.code.count {
                limit = min(limit, extending.unchangedBefore)
            } else if let old = kept.tokens {
                limit = min(limit, firstDifference(old, new))
            } else {
                return 0
            }
        }
        // The number of lines that start at or before `limit`, less the one holding it.
        var low = 0
        var high = kept.lineStarts.count
        while low < high {
            let middle = (low + high) / 2
            if kept.lineStarts[middle] <= limit { low = middle + 1 } else { high = middle }
        }
        return max(0, low - 1)
    }

    /// The first byte at which the two token lists colour the code differently (`Int.max` if nowhere).
    private static func firstDifference(_ old: [SyntaxToken], _ new: [SyntaxToken]) -> Int {
        let common = min(old.count, new.count)
        var index = 0
        while index < common, old[index] == new[index] { index += 1 }
        if index < common { return min(old[index].range.lowerBound, new[index].range.lowerBound) }
        if index < old.count { return old[index].range.lowerBound }
        if index < new.count { return new[index].range.lowerBound }
        return Int.max
    }

    /// `tokens` over the code from byte `start` on, counted from there.
    private static func tokens(_ tokens: [SyntaxToken], from start: Int) -> [SyntaxToken] {
        let low = tokens.partitioningIndex { $0.range.upperBound > start }
        return tokens[low...].map { token in
            SyntaxToken(
                range: (max(start, token.range.lowerBound) - start)..<(token.range.upperBound - start),
                capture: token.capture)
        }
    }

    /// Records where the source lines of `text` (which starts at byte `offset` of the block and was laid
    /// out from row `firstRow` on, `continues` saying which rows continue a line) start, and their first rows.
    private static func appendLines(
        of text: String, offset: Int, continues: [Bool], firstRow: Int, to entry: inout Kept
    ) {
        var position = offset
        var bytes = text.utf8.makeIterator()
        for (row, continuing) in continues.enumerated() where !continuing {
            entry.lineStarts.append(position)
            entry.lineRows.append(firstRow + row)
            // On to the next line's first byte.
            while let byte = bytes.next() {
                position += 1
                if byte == 0x0A { break }
            }
        }
    }
}
