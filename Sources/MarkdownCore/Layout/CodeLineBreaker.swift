/// Splits styled code into display lines: `\n` ends a line, tabs expand to the next tab stop, and a line
/// wider than the width is broken between grapheme clusters (never reflowed at spaces).
struct CodeLineBreaker {
    static let tabWidth = 4

    let width: Int

    /// Returns rows; `continuation[i]` is true when row i continues the source line before it.
    func rows(_ runs: [Span]) -> (rows: [[Span]], continuation: [Bool]) {
        var rows: [[Span]] = []
        var continuation: [Bool] = []
        var row: [Span] = []
        var column = 0
        var isContinuation = false

        func flush(continues: Bool) {
            rows.append(row)
            continuation.append(isContinuation)
            row = []
            column = 0
            isContinuation = continues
        }
        func append(_ text: Substring, _ style: Style) {
            if let last = row.indices.last, row[last].style == style {
                row[last].text += text
            } else {
                row.append(Span(String(text), style: style))
            }
        }

        for run in runs {
            var rest = run.text[...]
            while true {
                let newline = rest.utf8.firstIndex(of: 0x0A)
                let piece = newline.map { rest[..<$0] } ?? rest
                if let ascii = DisplayWidth.asciiCount(piece), column + ascii <= width {
                    if ascii > 0 { append(piece, run.style) }
                    column += ascii
                } else {
                    for character in piece {
                        if character == "\t" {
                            var spaces = Self.tabWidth - column % Self.tabWidth
                            while spaces > 0 {
                                if column >= width { flush(continues: true) }
                                let n = min(spaces, width - column)
                                append(Substring(String(repeating: " ", count: n)), run.style)
                                column += n
                                spaces -= n
                            }
                            continue
                        }
                        let w = DisplayWidth.of(character)
                        if column + w > width, column > 0 { flush(continues: true) }
                        append(Substring(String(character)), run.style)
                        column += w
                    }
                }
                guard let newline else { break }
                flush(continues: false)
                rest = rest[rest.utf8.index(after: newline)...]
            }
        }
        flush(continues: false)
        return (rows, continuation)
    }
}
