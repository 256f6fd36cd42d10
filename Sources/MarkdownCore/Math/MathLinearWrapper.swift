/// Wraps the linear form into rows no wider than a width: at the U+0020 break points, and between
/// grapheme clusters where a stretch between them is still too wide. Never drops a character.
enum MathLinearWrapper {
    /// The rows, or nil when a single grapheme is wider than the width.
    static func wrap(_ pieces: [MathPiece], width: Int) -> [[MathPiece]]? {
        // Split into chunks that end after each break space (U+0020, wherever it sits in a piece).
        var chunks: [[MathPiece]] = []
        var chunk: [MathPiece] = []
        for piece in pieces {
            guard piece.text.utf8.contains(0x20) else {
                MathBox.append(piece, to: &chunk)
                continue
            }
            var run = String.UnicodeScalarView()
            for scalar in piece.text.unicodeScalars {
                run.append(scalar)
                if scalar == " " {
                    MathBox.append(MathPiece(text: String(run), role: piece.role), to: &chunk)
                    chunks.append(chunk)
                    chunk = []
                    run = String.UnicodeScalarView()
                }
            }
            if !run.isEmpty { MathBox.append(MathPiece(text: String(run), role: piece.role), to: &chunk) }
        }
        if !chunk.isEmpty { chunks.append(chunk) }
        var rows: [[MathPiece]] = []
        var row: [MathPiece] = []
        var used = 0
        for chunk in chunks {
            let chunkWidth = chunk.reduce(0) { $0 + DisplayWidth.of($1.text) }
            let trailing = chunk.last?.text.hasSuffix(" ") == true ? 1 : 0
            if used > 0, used + chunkWidth - trailing > width {
                rows.append(trimmed(row))
                row = []
                used = 0
            }
            if chunkWidth - trailing <= width - used {
                for piece in chunk { MathBox.append(piece, to: &row) }
                used += chunkWidth
                continue
            }
            // Too wide even alone: split between graphemes.
            for piece in chunk {
                var run = ""
                for character in piece.text {
                    let characterWidth = DisplayWidth.of(character)
                    if characterWidth > width { return nil }
                    if used + characterWidth > width {
                        if !run.isEmpty { MathBox.append(MathPiece(text: run, role: piece.role), to: &row) }
                        rows.append(trimmed(row))
                        row = []
                        used = 0
                        run = ""
                        if character == " " { continue }
                    }
                    run.append(character)
                    used += characterWidth
                }
                if !run.isEmpty { MathBox.append(MathPiece(text: run, role: piece.role), to: &row) }
            }
        }
        if !row.isEmpty { rows.append(trimmed(row)) }
        return rows.isEmpty ? [[]] : rows
    }

    /// A row without the break space it ends with.
    static func trimmed(_ row: [MathPiece]) -> [MathPiece] {
        guard let last = row.last, last.text.hasSuffix(" ") else { return row }
        var result = row
        var text = last.text
        while text.hasSuffix(" ") { text.removeLast() }
        if text.isEmpty { result.removeLast() } else { result[result.count - 1].text = text }
        return result
    }
}
