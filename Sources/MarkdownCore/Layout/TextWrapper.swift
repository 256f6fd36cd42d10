/// Greedy word wrapping of styled runs into lines no wider than a width.
///
/// Spaces are break opportunities (dropped where a line breaks, kept as written inside a line); `\n`
/// in a run forces a break; a tab is a space (and is written as one). A word wider than the line is
/// broken between grapheme clusters. The wrapper
/// only finds break positions in the stream of runs and then slices lines out of it, so wrapping costs
/// no allocation per word; adjacent slices of the same style become one span.
public struct TextWrapper {
    public let width: Int

    public init(width: Int) {
        self.width = max(1, width)
    }

    /// A place in the run stream: a run and a UTF-8 offset into its text.
    struct Position: Equatable {
        var run: Int
        var offset: Int
    }

    public func wrap(_ runs: [Span]) -> [[Span]] {
        lines(of: runs, lineRanges(runs)[...])
    }

    /// Where each line of `runs` starts and ends: what lets a long paragraph be laid out a run of lines
    /// at a time (`lines(of:_:)`), its lines never all held.
    func lineRanges(_ runs: [Span]) -> [(start: Position, end: Position)] {
        var breaker = LineBreaker(width: width, runs: runs)
        return breaker.lineRanges()
    }

    /// The lines of `runs` at `ranges` (`lineRanges`).
    func lines(of runs: [Span], _ ranges: ArraySlice<(start: Position, end: Position)>) -> [[Span]] {
        ranges.map { slice(runs, from: $0.start, to: $0.end) }
    }

    /// The spans between two positions, merging neighbours of the same style.
    private func slice(_ runs: [Span], from start: Position, to end: Position) -> [Span] {
        var spans: [Span] = []
        spans.reserveCapacity(min(end.run, runs.count - 1) - start.run + 1)
        var run = start.run
        while run <= end.run && run < runs.count {
            let utf8 = runs[run].text.utf8
            let lower = run == start.run ? start.offset : 0
            let upper = run == end.run ? end.offset : utf8.count
            if lower == 0, upper == utf8.count, upper > 0, !runs[run].text.containsTab {
                // A whole run (most of them) is taken as it is, without copying its text.
                if let last = spans.indices.last, spans[last].style == runs[run].style {
                    spans[last].text += runs[run].text
                } else {
                    spans.append(runs[run])
                }
            } else if lower < upper {
                let from = utf8.index(utf8.startIndex, offsetBy: lower)
                let to = utf8.index(utf8.startIndex, offsetBy: upper)
                var piece = Substring(runs[run].text[from..<to])
                if piece.containsTab { piece = Substring(piece.replacingTabs()) }
                if let last = spans.indices.last, spans[last].style == runs[run].style {
                    // As a string: appending the substring itself takes the generic sequence path.
                    spans[last].text += String(piece)
                } else {
                    spans.append(Span(String(piece), style: runs[run].style))
                }
            }
            run += 1
        }
        return spans
    }
}

/// Finds where lines start and end in a stream of runs.
private struct LineBreaker {
    typealias Position = TextWrapper.Position

    let width: Int
    let runs: [Span]
    var ranges: [(start: Position, end: Position)] = []
    var lineStart = Position(run: 0, offset: 0)
    var lineEnd = Position(run: 0, offset: 0)
    var lineWidth = 0
    var lineHasContent = false
    var pendingSpaces = 0
    /// The word being read: where it starts, its width so far, whether it holds non-ASCII text.
    var wordStart: Position?
    var wordWidth = 0
    /// The last cluster of the word so far, when the word goes on in another run.
    var wordTail = WordTail.none

    init(width: Int, runs: [Span]) {
        self.width = width
        self.runs = runs
    }

    mutating func lineRanges() -> [(start: Position, end: Position)] {
        for index in runs.indices {
            var text = runs[index].text
            text.withUTF8 { bytes in scan(run: index, bytes) }
        }
        if let start = wordStart {
            finishWord(start, end: Position(run: runs.count - 1, offset: runs.last?.text.utf8.count ?? 0))
        }
        ranges.append((lineStart, lineHasContent ? lineEnd : lineStart))
        return ranges
    }

    private mutating func scan(run: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        var pieceStart = 0
        var pieceASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x0A || byte == 0x09 {
                if let start = wordStart {
                    addPiece(run: run, bytes, pieceStart, index, ascii: pieceASCII, continues: false)
                    finishWord(start, end: Position(run: run, offset: index))
                }
                if byte == 0x0A {
                    ranges.append((lineStart, lineHasContent ? lineEnd : lineStart))
                    lineStart = Position(run: run, offset: index + 1)
                    lineWidth = 0
                    lineHasContent = false
                    pendingSpaces = 0
                } else if lineHasContent {
                    pendingSpaces += 1
                } else {
                    lineStart = Position(run: run, offset: index + 1)
                }
            } else {
                if wordStart == nil {
                    wordStart = Position(run: run, offset: index)
                    pieceStart = index
                    pieceASCII = true
                } else if index == 0 {
                    pieceStart = 0
                    pieceASCII = true
                }
                if byte >= 0x80 { pieceASCII = false }
            }
            index += 1
        }
        if wordStart != nil {
            // The word goes on in the next run: measure what this run holds of it.
            addPiece(run: run, bytes, index == 0 ? 0 : pieceStart, bytes.count, ascii: pieceASCII, continues: true)
        }
    }

    /// Measures a piece of the word being read; `continues` says whether the word goes on in the next run,
    /// which alone needs the piece's last cluster kept.
    private mutating func addPiece(
        run: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, ascii: Bool, continues: Bool
    ) {
        guard start < end else { return }
        if ascii {
            wordWidth += end - start
            wordTail = continues ? .standalone(Unicode.Scalar(bytes[end - 1])) : .none
            return
        }
        let piece = UnsafeBufferPointer(rebasing: bytes[start..<end])
        // Text whose code points each stand alone (typeset math, accented or CJK prose) is measured code
        // point by code point, without decoding it into clusters, when the word's last cluster so far
        // cannot join it either.
        if let (width, last) = DisplayWidth.standaloneWidth(piece),
            wordTail.standsAlone
        {
            wordWidth += width
            wordTail = continues ? .standalone(last) : .none
            return
        }
        let text = String(decoding: piece, as: UTF8.self)
        if let tail = wordTail.text {
            // A word going on from the run before: its first cluster may join the last one there (a
            // keycap's `*` in one text run, U+FE0F U+20E3 in the next), so measure across the join.
            wordWidth += DisplayWidth.of(tail + text) - DisplayWidth.of(tail)
        } else {
            wordWidth += DisplayWidth.of(text)
        }
        wordTail = continues ? text.last.map { .cluster(String($0)) } ?? .none : .none
    }

    private mutating func finishWord(_ start: Position, end: Position) {
        defer {
            wordStart = nil
            wordWidth = 0
            wordTail = .none
            pendingSpaces = 0
        }
        if lineHasContent {
            if lineWidth + pendingSpaces + wordWidth <= width {
                lineWidth += pendingSpaces + wordWidth
                lineEnd = end
                return
            }
            ranges.append((lineStart, lineEnd))
            lineWidth = 0
            lineHasContent = false
        }
        lineStart = start
        if wordWidth <= width {
            lineWidth = wordWidth
            lineEnd = end
            lineHasContent = true
        } else {
            breakLongWord(from: start, to: end)
        }
    }

    /// Splits a word wider than the line between grapheme clusters.
    private mutating func breakLongWord(from start: Position, to end: Position) {
        var used = 0
        var position = start
        var last: Character?
        for run in start.run...end.run {
            let text = runs[run].text
            let utf8 = text.utf8
            let lower = run == start.run ? start.offset : 0
            let upper = run == end.run ? end.offset : utf8.count
            guard lower < upper else { continue }
            let from = utf8.index(utf8.startIndex, offsetBy: lower)
            let to = utf8.index(utf8.startIndex, offsetBy: upper)
            var offset = lower
            for (index, character) in text[from..<to].enumerated() {
                var w = DisplayWidth.of(character)
                if index == 0, used > 0, let last {
                    // The first cluster of a run may join the last one of the run before.
                    w = DisplayWidth.of(String(last) + String(character)) - DisplayWidth.of(last)
                }
                last = character
                if w > width {
                    // A cluster wider than the line (a long run of spacing marks, or of emoji joined
                    // into no recommended sequence) breaks between its code points.
                    var previous: Unicode.Scalar?
                    for scalar in character.unicodeScalars {
                        let step = DisplayWidth.of(scalar, after: previous)
                        if used + step > width, used > 0 {
                            ranges.append((lineStart, position))
                            lineStart = position
                            used = 0
                            previous = nil
                        }
                        offset += UTF8.width(scalar)
                        position = Position(run: run, offset: offset)
                        used += previous == nil ? DisplayWidth.of(scalar) : step
                        previous = scalar
                    }
                    continue
                }
                if used + w > width, used > 0 {
                    ranges.append((lineStart, position))
                    lineStart = position
                    used = 0
                    w = DisplayWidth.of(character)
                }
                offset += character.utf8.count
                position = Position(run: run, offset: offset)
                used += w
            }
        }
        lineEnd = end
        lineWidth = used
        lineHasContent = true
    }
}

/// The last cluster of a word read so far, kept while the word goes on in the next run (its first
/// cluster may join this one). A code point that stands alone is kept as it is, without making a string.
private enum WordTail {
    case none
    case standalone(Unicode.Scalar)
    case cluster(String)

    /// Whether nothing that follows can join the tail.
    var standsAlone: Bool {
        switch self {
        case .none, .standalone: true
        case .cluster(let text): text.unicodeScalars.allSatisfy { DisplayWidth.standsAlone($0.value) }
        }
    }

    var text: String? {
        switch self {
        case .none: nil
        case .standalone(let scalar): String(scalar)
        case .cluster(let text): text
        }
    }
}
