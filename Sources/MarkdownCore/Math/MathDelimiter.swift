/// Draws a delimiter grown to a height with Unicode's bracket pieces (`⎛⎜⎝`, `⎡⎢⎣`, `⎧⎨⎩⎪`, `│`, `‖`).
///
/// A one-row delimiter is its own character. Angle brackets and other delimiters without pieces stay one
/// character, on the baseline row, however tall the content: a `⟨` drawn with `╱╲` would take as many
/// columns as rows. `\left.` (the empty string) draws nothing.
enum MathDelimiter {
    /// The delimiter `height` rows tall; `role` is the one-row delimiter's (grown ones are `.structure`).
    static func box(_ delimiter: String, height: Int, baseline: Int, role: MathRole = .symbol) -> MathBox {
        guard !delimiter.isEmpty else {
            return MathBox(rows: Array(repeating: [], count: max(height, 1)), width: 0, baseline: baseline)
        }
        guard height > 1 else { return MathBox(delimiter, role) }
        let column: [String]
        switch delimiter {
        case "(": column = pieces(height, top: "⎛", middle: "⎜", bottom: "⎝")
        case ")": column = pieces(height, top: "⎞", middle: "⎟", bottom: "⎠")
        case "[": column = pieces(height, top: "⎡", middle: "⎢", bottom: "⎣")
        case "]": column = pieces(height, top: "⎤", middle: "⎥", bottom: "⎦")
        case "⌈": column = pieces(height, top: "⎡", middle: "⎢", bottom: "⎢")
        case "⌉": column = pieces(height, top: "⎤", middle: "⎥", bottom: "⎥")
        case "⌊": column = pieces(height, top: "⎢", middle: "⎢", bottom: "⎣")
        case "⌋": column = pieces(height, top: "⎥", middle: "⎥", bottom: "⎦")
        case "|", "∣", "│": column = Array(repeating: "│", count: height)
        case "‖", "∥": column = Array(repeating: "‖", count: height)
        case "{": column = brace(height, baseline: baseline, top: "⎧", middle: "⎨", bottom: "⎩", extension: "⎪")
        case "}": column = brace(height, baseline: baseline, top: "⎫", middle: "⎬", bottom: "⎭", extension: "⎪")
        default:
            let width = DisplayWidth.of(delimiter)
            var rows: [[MathPiece]] = []
            for row in 0..<height {
                let piece =
                    row == baseline
                    ? MathPiece(text: delimiter, role: .structure)
                    : MathPiece(text: MathBox.spaces(width), role: .symbol)
                rows.append([piece])
            }
            return MathBox(rows: rows, width: width, baseline: baseline)
        }
        return MathBox(rows: column.map { [MathPiece(text: $0, role: .structure)] }, width: 1, baseline: baseline)
    }

    static func pieces(_ height: Int, top: String, middle: String, bottom: String) -> [String] {
        var column = [top]
        column.append(contentsOf: repeatElement(middle, count: height - 2))
        column.append(bottom)
        return column
    }

    /// A curly brace: its point on the baseline row where it can be (not the top or bottom row).
    static func brace(_ height: Int, baseline: Int, top: String, middle: String, bottom: String, extension: String)
        -> [String]
    {
        guard height > 2 else { return [top, bottom] }
        let point = baseline > 0 && baseline < height - 1 ? baseline : height / 2
        var column = [top]
        for row in 1..<(height - 1) { column.append(row == point ? middle : `extension`) }
        column.append(bottom)
        return column
    }
}
