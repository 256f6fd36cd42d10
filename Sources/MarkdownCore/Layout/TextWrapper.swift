/// Greedy word wrapping of styled runs into lines no wider than a width.
///
/// Spaces are break opportunities (and are dropped where a line breaks); `\n` in a run forces a break.
/// A word wider than the line is broken between grapheme clusters. Adjacent pieces of the same style
/// are merged, so the writer emits as few style changes as possible.
public struct TextWrapper {
    public let width: Int

    public init(width: Int) {
        self.width = max(1, width)
    }

    public func wrap(_ runs: [Span]) -> [[Span]] {
        var state = State(width: width)
        for run in runs {
            state.add(run)
        }
        state.finishWord()
        state.breakLine()
        return state.lines
    }

    private struct State {
        let width: Int
        var lines: [[Span]] = []
        var line: [Span] = []
        var lineWidth = 0
        var word: [Span] = []
        var wordWidth = 0
        /// The space seen before the pending word, if any (kept for its style).
        var space: Span?
        var spaceWidth = 0
        var lineHasContent = false

        init(width: Int) {
            self.width = width
        }

        mutating func add(_ run: Span) {
            let text = run.text
            let utf8 = text.utf8
            var start = utf8.startIndex
            var index = start
            while index != utf8.endIndex {
                let byte = utf8[index]
                if byte == 0x20 || byte == 0x0A || byte == 0x09 {
                    if start != index { appendToWord(Substring(text[start..<index]), run.style) }
                    finishWord()
                    if byte == 0x0A {
                        space = nil
                        spaceWidth = 0
                        breakLine()
                    } else if lineHasContent {
                        if space == nil {
                            space = Span(" ", style: run.style)
                            spaceWidth = 1
                        } else {
                            space?.text += " "
                            spaceWidth += 1
                        }
                    }
                    start = utf8.index(after: index)
                }
                index = utf8.index(after: index)
            }
            if start != utf8.endIndex { appendToWord(Substring(text[start...]), run.style) }
        }

        private mutating func appendToWord(_ piece: Substring, _ style: Style) {
            wordWidth += DisplayWidth.of(piece)
            if let last = word.indices.last, word[last].style == style {
                word[last].text += piece
            } else {
                word.append(Span(String(piece), style: style))
            }
        }

        mutating func finishWord() {
            guard !word.isEmpty else { return }
            defer {
                word.removeAll(keepingCapacity: true)
                wordWidth = 0
                space = nil
                spaceWidth = 0
            }
            if lineHasContent {
                if lineWidth + spaceWidth + wordWidth <= width {
                    if let space { append(space, width: spaceWidth) }
                    appendWord()
                    return
                }
                breakLine()
            }
            if wordWidth <= width - lineWidth {
                appendWord()
            } else {
                appendBrokenWord()
            }
        }

        private mutating func appendWord() {
            for piece in word { append(piece, width: nil) }
            lineWidth += wordWidth
            lineHasContent = true
        }

        /// Breaks a word wider than the line between grapheme clusters.
        private mutating func appendBrokenWord() {
            for piece in word {
                var chunk = ""
                var chunkWidth = 0
                for character in piece.text {
                    let w = DisplayWidth.of(character)
                    if lineWidth + chunkWidth + w > width, lineWidth + chunkWidth > 0 {
                        if !chunk.isEmpty { append(Span(chunk, style: piece.style), width: chunkWidth) }
                        chunk = ""
                        chunkWidth = 0
                        breakLine()
                    }
                    chunk.append(character)
                    chunkWidth += w
                }
                if !chunk.isEmpty {
                    append(Span(chunk, style: piece.style), width: chunkWidth)
                    lineHasContent = true
                }
            }
        }

        private mutating func append(_ span: Span, width spanWidth: Int?) {
            if let spanWidth { lineWidth += spanWidth }
            if let last = line.indices.last, line[last].style == span.style {
                line[last].text += span.text
            } else {
                line.append(span)
            }
        }

        mutating func breakLine() {
            lines.append(line)
            line = []
            lineWidth = 0
            lineHasContent = false
        }
    }
}
