/// The brackets still open at the end of a growing block, read by a rough scan that skips strings and
/// comments as most C-like languages write them; their closers, appended to the text parsed, let the
/// block parse as complete code (`GrowingParse`).
///
/// Why: a block streamed while a function or class is open (`class A {` … `  f() {` … ) ends with
/// brackets missing. tree-sitter's error recovery reads one missing bracket as a missing node, at the cost
/// of a recovery at every reparse, and two or more as an `ERROR` covering the block, which colours it
/// wrongly and defeats every checkpoint (so each line reparses the whole block). The block closed by
/// these closers parses without errors, in the shape it will have once its real closers arrive.
///
/// The scan is a guess, never trusted: a text parsed with the closers appended counts only if it parses
/// without any error and each closer is a token of its own (`GrowingParse` checks both), and a final
/// block is always parsed without them. A wrong guess costs one parse, not a wrong colour.
struct OpenBrackets: Equatable, Sendable {
    /// What is open after all the bytes read.
    private var state: ScanState
    /// What was open at the start of the last line read (after its line feed), and how many bytes came
    /// before it: a block cut there may parse closed where its last line, unfinished, does not.
    private var lineStart: (state: ScanState, offset: Int)
    /// How many bytes were read.
    private(set) var count = 0
    /// The scan as it stood before the last `,` read as code, while only white space and comments have
    /// followed it: a block cut there may parse closed where a trailing separator does not (an SQL
    /// column list or `VALUES` row, a C call's arguments).
    private var separator: Position?
    /// `separator` as it stood at the start of the last line read.
    private var separatorAtLineStart: Position?
    /// Whether `separator` and `separatorAtLineStart` are set (tested at every byte, where a flag costs
    /// less than an optional reference's release).
    private var hasSeparator = false
    private var hasSeparatorAtLineStart = false

    /// A place in the text read: the scan as it stood there. A class, so that the scan (copied at every
    /// redraw) holds a reference to it rather than two more copies of its state.
    private final class Position: Equatable, Sendable {
        let state: ScanState
        let count: Int
        let lineStart: ScanState
        let lineOffset: Int
        /// The separator marked when the line started (`OpenBrackets.separatorAtLineStart`), without its
        /// own: positions do not chain (a chain through every line of an `INSERT` would keep them all).
        let separatorAtLineStart: Position?

        init(state: ScanState, count: Int, lineStart: ScanState, lineOffset: Int, separatorAtLineStart: Position?) {
            self.state = state
            self.count = count
            self.lineStart = lineStart
            self.lineOffset = lineOffset
            self.separatorAtLineStart = separatorAtLineStart?.alone
        }

        /// This position without the separator marked when its line started.
        var alone: Position {
            guard separatorAtLineStart != nil else { return self }
            return Position(
                state: state, count: count, lineStart: lineStart, lineOffset: lineOffset, separatorAtLineStart: nil)
        }

        static func == (left: Position, right: Position) -> Bool {
            left.state == right.state && left.count == right.count && left.lineStart == right.lineStart
                && left.lineOffset == right.lineOffset && left.separatorAtLineStart == right.separatorAtLineStart
        }
    }

    init(language: String) {
        state = ScanState(rules: ScanRules(language: language))
        lineStart = (state, 0)
    }

    static func == (left: OpenBrackets, right: OpenBrackets) -> Bool {
        left.state == right.state && left.count == right.count && left.lineStart.state == right.lineStart.state
            && left.lineStart.offset == right.lineStart.offset && left.separator == right.separator
            && left.separatorAtLineStart == right.separatorAtLineStart
    }

    /// What to append to the text read to close its open brackets (after a line feed when it ends in a
    /// line comment, and a line feed last where the grammar wants one): nil when the scan ends inside a
    /// string or block comment, or lost track; empty when nothing is open.
    var suffix: [UInt8]? {
        guard state.rules.endsLines, count > lineStart.offset else { return state.suffix }
        return state.suffix.map { $0 + [ScanState.lineFeed] }
    }

    /// Where the last line read starts (0 before any line feed), and what closes the text before it.
    var lastLine: (offset: Int, suffix: [UInt8]?) { (lineStart.offset, lineStart.state.suffix) }

    /// Where the text read ends before a trailing separator (a `,` that only white space and comments
    /// follow), and what closes it there; nil without one.
    var beforeSeparator: (offset: Int, suffix: [UInt8]?)? {
        separator.map { ($0.count, $0.state.suffix) }
    }

    /// `beforeSeparator` for the text before the last line read.
    var beforeSeparatorAtLastLine: (offset: Int, suffix: [UInt8]?)? {
        separatorAtLineStart.map { ($0.count, $0.state.suffix) }
    }

    /// The scan as it stood at the start of the last line read.
    var atLastLine: OpenBrackets {
        var scan = self
        scan.state = lineStart.state
        scan.count = lineStart.offset
        // Just after the line feed, the separator marked is the one marked when the line started.
        scan.separator = separatorAtLineStart
        scan.hasSeparator = hasSeparatorAtLineStart
        return scan
    }

    /// The scan as it stood where `beforeSeparator` ends (as it is without a separator).
    var atSeparator: OpenBrackets { separator.map { Self(at: $0) } ?? self }

    /// The scan as it stood where `beforeSeparatorAtLastLine` ends (as it is without one).
    var atSeparatorAtLastLine: OpenBrackets { separatorAtLineStart.map { Self(at: $0) } ?? self }

    private init(at position: Position) {
        state = position.state
        count = position.count
        lineStart = (position.lineStart, position.lineOffset)
        separatorAtLineStart = position.separatorAtLineStart
        hasSeparatorAtLineStart = position.separatorAtLineStart != nil
    }

    /// Reads `bytes`, which follow the bytes read so far.
    mutating func scan<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        // A language that marks no separator reads without the marking's tests at every byte.
        guard state.rules.marksSeparators else {
            for byte in bytes {
                count += 1
                if !state.isLost { state.read(byte) }
                if byte == ScanState.lineFeed { lineStart = (state, count) }
            }
            return
        }
        for byte in bytes {
            if byte == UInt8(ascii: ","), state.marksSeparator {
                separator = Position(
                    state: state, count: count, lineStart: lineStart.state, lineOffset: lineStart.offset,
                    separatorAtLineStart: hasSeparatorAtLineStart ? separatorAtLineStart : nil)
                hasSeparator = true
            }
            count += 1
            if !state.isLost { state.read(byte) }
            if hasSeparator, !state.followsSeparator {
                separator = nil
                hasSeparator = false
            }
            if byte == ScanState.lineFeed {
                lineStart = (state, count)
                if hasSeparator || hasSeparatorAtLineStart {
                    separatorAtLineStart = separator
                    hasSeparatorAtLineStart = hasSeparator
                }
            }
        }
    }
}
