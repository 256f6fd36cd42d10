/// Reads the generated Unicode tables written as text (`EmojiShortcodeTable`, `EmojiZWJSequenceTable`),
/// once, on first use: a string literal costs the compiler nothing, where the dictionary and set
/// literals they replaced kept a release build's optimiser busy for over half a minute.
enum CodePointText {
    /// Each line's name (its first field) and the string its other fields spell.
    static func names(_ text: String) -> [String: String] {
        var table: [String: String] = [:]
        for line in text.split(separator: "\n") {
            var fields = line.split(separator: " ")[...]
            guard let name = fields.popFirst() else { continue }
            table[String(name)] = string(fields)
        }
        return table
    }

    /// The strings the lines spell.
    static func sequences(_ text: String) -> Set<String> {
        Set(text.split(separator: "\n").map { string($0.split(separator: " ")) })
    }

    /// The string of the code points written in hexadecimal in `fields` (a field that is no valid code
    /// point is skipped: the tables are generated, and a test reads them whole).
    private static func string(_ fields: some Sequence<Substring>) -> String {
        var scalars = String.UnicodeScalarView()
        for field in fields {
            if let value = UInt32(field, radix: 16), let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }
}

/// GitHub's emoji shortcodes (`rocket` for `:rocket:`) and the emoji each stands for.
let emojiShortcodes = CodePointText.names(EmojiShortcodeTable.text)

/// Emoji ZWJ sequences terminals draw as one picture (Unicode's recommended ones), without U+FE0F.
let recommendedZWJSequences = CodePointText.sequences(EmojiZWJSequenceTable.text)
