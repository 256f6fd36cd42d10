/// Wraps the linear form into rows no wider than a width: at the U+0020 break points first, then at the
/// U+00A0 spaces inside a stretch still too wide, and between grapheme clusters as a last resort. Never
/// drops a character (only the spaces a row ends with).
enum MathLinearWrapper {
    /// The rows, or nil when a single grapheme is wider than the width.
    static func wrap(_ pieces: [MathPiece], width: Int) -> [[MathPiece]]? {
        var wrapper = Rows(width: width)
        for chunk in split(pieces, at: " ") {
            guard wrapper.place(chunk) else { return nil }
        }
        return wrapper.finished()
    }

    /// Pieces cut after every occurrence of `separator`, which stays at the end of its chunk.
    static func split(_ pieces: [MathPiece], at separator: Unicode.Scalar) -> [[MathPiece]] {
        var chunks: [[MathPiece]] = []
        var chunk: [MathPiece] = []
        for piece in pieces {
            guard piece.text.unicodeScalars.contains(separator) else {
                MathBox.append(piece, to: &chunk)
                continue
            }
            var run = String.UnicodeScalarView()
            for scalar in piece.text.unicodeScalars {
                run.append(scalar)
                if scalar == separator {
                    MathBox.append(MathPiece(text: String(run), role: piece.role), to: &chunk)
                    chunks.append(chunk)
                    chunk = []
                    run = String.UnicodeScalarView()
                }
            }
            if !run.isEmpty { MathBox.append(MathPiece(text: String(run), role: piece.role), to: &chunk) }
        }
        if !chunk.isEmpty { chunks.append(chunk) }
        return chunks
    }

    /// Rows being filled.
    struct Rows {
        let width: Int
        var rows: [[MathPiece]] = []
        var row: [MathPiece] = []
        var used = 0

        init(width: Int) {
            self.width = width
        }

        static func width(of chunk: [MathPiece]) -> (all: Int, trailing: Int) {
            var all = 0
            for piece in chunk { all += DisplayWidth.of(piece.text) }
            let last = chunk.last?.text.unicodeScalars.last
            return (all, last == " " || last == "\u{A0}" ? 1 : 0)
        }

        mutating func newRow() {
            rows.append(MathLinearWrapper.trimmed(row))
            row = []
            used = 0
        }

        /// Places a chunk: on this row if it fits, else on the next; a chunk wider than a row is split
        /// at its no-break spaces, then between graphemes. False when a grapheme is wider than the width.
        mutating func place(_ chunk: [MathPiece], splitting: Bool = true) -> Bool {
            let (all, trailing) = Self.width(of: chunk)
            if used > 0, used + all - trailing > width { newRow() }
            if all - trailing <= width - used {
                for piece in chunk { MathBox.append(piece, to: &row) }
                used += all
                return true
            }
            if splitting {
                let parts = MathLinearWrapper.split(chunk, at: "\u{A0}")
                if parts.count > 1 {
                    for part in parts where !place(part, splitting: false) { return false }
                    return true
                }
            }
            return placeByGraphemes(chunk)
        }

        mutating func placeByGraphemes(_ chunk: [MathPiece]) -> Bool {
            for piece in chunk {
                var run = ""
                for character in piece.text {
                    let characterWidth = DisplayWidth.of(character)
                    if characterWidth > width { return false }
                    if used + characterWidth > width {
                        if !run.isEmpty { MathBox.append(MathPiece(text: run, role: piece.role), to: &row) }
                        newRow()
                        run = ""
                        if character == " " || character == "\u{A0}" { continue }
                    }
                    run.append(character)
                    used += characterWidth
                }
                if !run.isEmpty { MathBox.append(MathPiece(text: run, role: piece.role), to: &row) }
            }
            return true
        }

        mutating func finished() -> [[MathPiece]] {
            if !row.isEmpty { rows.append(MathLinearWrapper.trimmed(row)) }
            return rows.isEmpty ? [[]] : rows
        }
    }

    /// A row without the spaces it ends with.
    static func trimmed(_ row: [MathPiece]) -> [MathPiece] {
        var result = row
        while let last = result.last {
            var text = last.text
            while let final = text.unicodeScalars.last, final == " " || final == "\u{A0}" {
                text.unicodeScalars.removeLast()
            }
            if text.isEmpty {
                result.removeLast()
                continue
            }
            result[result.count - 1].text = text
            break
        }
        return result
    }
}
