/// Breaks a label into lines no wider than a width in display columns: at its own line breaks, then
/// between words, and inside a word only when the word alone is too wide.
enum LabelWrapper {
    static func lines(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: true) {
            var current = ""
            var currentWidth = 0
            for word in paragraph.split(separator: " ") {
                var word = String(word)
                var wordWidth = DisplayWidth.of(word)
                if currentWidth > 0, currentWidth + 1 + wordWidth <= width {
                    current += " " + word
                    currentWidth += 1 + wordWidth
                    continue
                }
                if currentWidth > 0 { lines.append(current) }
                while wordWidth > width {
                    var piece = ""
                    var pieceWidth = 0
                    for character in word {
                        let characterWidth = DisplayWidth.of(character)
                        if pieceWidth + characterWidth > width, pieceWidth > 0 { break }
                        piece.append(character)
                        pieceWidth += characterWidth
                    }
                    lines.append(piece)
                    word = String(word.dropFirst(piece.count))
                    wordWidth = DisplayWidth.of(word)
                }
                current = word
                currentWidth = wordWidth
            }
            if currentWidth > 0 { lines.append(current) }
        }
        return lines.isEmpty ? [""] : lines
    }
}
