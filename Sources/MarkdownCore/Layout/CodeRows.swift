import FoundationEssentials

/// Code split into display rows before it is coloured: `\n` ends a line, tabs expand to the next tab
/// stop, and a line wider than the width is broken between grapheme clusters (never reflowed at spaces).
///
/// Rows hold byte ranges of the code, not text, so that they can be planned while the highlighter is
/// still working on the same code in the background and coloured (`spans`) once its tokens arrive.
struct CodeRows {
    static let tabWidth = 4

    /// Part of a row: a range of the code's UTF-8 bytes, or the spaces a tab expanded to (styled like
    /// the tab at `tab`).
    enum Piece: Equatable {
        case text(Range<Int>)
        case spaces(count: Int, tab: Int)
    }

    struct Row: Equatable {
        var pieces: [Piece] = []
        /// The row continues the source line of the row before it.
        var continues = false
    }

    let code: [UInt8]
    let rows: [Row]

    init(_ text: String, width: Int) {
        let code = Array(text.utf8)
        self.code = code
        let width = max(1, width)
        var rows: [Row] = []
        rows.reserveCapacity(code.count / 32 + 1)
        var lineStart = 0
        while true {
            var lineEnd = lineStart
            var plain = true  // ASCII without tabs or controls
            while lineEnd < code.count, code[lineEnd] != 0x0A {
                let byte = code[lineEnd]
                if byte >= 0x80 || byte < 0x20 { plain = false }
                lineEnd += 1
            }
            if plain, lineEnd - lineStart <= width {
                rows.append(Row(pieces: lineEnd > lineStart ? [.text(lineStart..<lineEnd)] : []))
            } else {
                Self.breakLine(text, code: code, range: lineStart..<lineEnd, width: width, into: &rows)
            }
            guard lineEnd < code.count else { break }
            lineStart = lineEnd + 1
        }
        self.rows = rows
    }

    /// A line with tabs, non-ASCII text or too wide for one row.
    private static func breakLine(_ text: String, code: [UInt8], range: Range<Int>, width: Int, into rows: inout [Row])
    {
        var row = Row()
        var column = 0
        func flush() {
            rows.append(row)
            row = Row(continues: true)
            column = 0
        }
        func appendText(_ bytes: Range<Int>) {
            if case .text(let previous)? = row.pieces.last, previous.upperBound == bytes.lowerBound {
                row.pieces[row.pieces.count - 1] = .text(previous.lowerBound..<bytes.upperBound)
            } else {
                row.pieces.append(.text(bytes))
            }
        }
        let utf8 = text.utf8
        let line = text[
            utf8.index(
                utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
        var position = range.lowerBound
        for character in line {
            let length = character.utf8.count
            defer { position += length }
            if character == "\t" {
                var spaces = tabWidth - column % tabWidth
                while spaces > 0 {
                    if column >= width { flush() }
                    let count = min(spaces, width - column)
                    row.pieces.append(.spaces(count: count, tab: position))
                    column += count
                    spaces -= count
                }
                continue
            }
            let cells = DisplayWidth.of(character)
            if cells > width {
                // A cluster wider than the row (a run of spacing marks, emoji joined into no recommended
                // sequence) breaks between its code points.
                var start = position
                var previous: Unicode.Scalar?
                for scalar in character.unicodeScalars {
                    var step = DisplayWidth.of(scalar, after: previous)
                    if column + step > width, column > 0 {
                        flush()
                        step = DisplayWidth.of(scalar)
                    }
                    let end = start + UTF8.width(scalar)
                    appendText(start..<end)
                    column += step
                    start = end
                    previous = scalar
                }
                continue
            }
            if column + cells > width, column > 0 { flush() }
            appendText(position..<(position + length))
            column += cells
        }
        rows.append(row)
    }

    /// Blocks with at least this many rows are coloured on two threads.
    static let parallelRows = 256

    /// The rows as styled spans: code bytes inside a token take `style(token)`, the rest `base`.
    /// `tokens` are non-overlapping and in ascending order.
    func spans(base: Style, tokens: [SyntaxToken] = [], style: (SyntaxToken) -> Style = { _ in .plain }) -> [[Span]] {
        let styles = tokens.map(style)
        guard rows.count >= Self.parallelRows, BackgroundWork.cores > 1 else {
            return spans(of: rows[...], base: base, tokens: tokens, styles: styles)
        }
        let halves = [rows[..<(rows.count / 2)], rows[(rows.count / 2)...]]
        let results = ConcurrentResults<[[Span]]>.collect(count: 2) { half in
            spans(of: halves[half], base: base, tokens: tokens, styles: styles)
        }
        return results.flatMap { $0 }
    }

    private func spans(of rows: ArraySlice<Row>, base: Style, tokens: [SyntaxToken], styles: [Style]) -> [[Span]] {
        var next = 0  // first token that may still overlap the rest of the code
        func styleAt(_ offset: Int) -> Style {
            while next < tokens.count, tokens[next].range.upperBound <= offset { next += 1 }
            if next < tokens.count, tokens[next].range.contains(offset) { return styles[next] }
            return base
        }
        var result: [[Span]] = []
        result.reserveCapacity(rows.count)
        code.withUnsafeBufferPointer { code in
            for row in rows {
                var spans: [Span] = []
                spans.reserveCapacity(row.pieces.count)
                func append(_ text: String, _ style: Style) {
                    if let last = spans.indices.last, spans[last].style == style {
                        spans[last].text += text
                    } else {
                        spans.append(Span(text, style: style))
                    }
                }
                for piece in row.pieces {
                    switch piece {
                    case .spaces(let count, let tab):
                        append(String(repeating: " ", count: count), styleAt(tab))
                    case .text(let range):
                        var offset = range.lowerBound
                        while offset < range.upperBound {
                            let style = styleAt(offset)
                            // Up to the next token boundary, or the end of the piece.
                            var end = range.upperBound
                            if next < tokens.count {
                                let token = tokens[next].range
                                end = min(
                                    end, token.contains(offset) ? token.upperBound : max(token.lowerBound, offset + 1))
                            }
                            append(
                                String(decoding: UnsafeBufferPointer(rebasing: code[offset..<end]), as: UTF8.self),
                                style)
                            offset = end
                        }
                    }
                }
                result.append(spans)
            }
        }
        return result
    }
}
