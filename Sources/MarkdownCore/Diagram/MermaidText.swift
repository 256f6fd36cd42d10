/// The text helpers every Mermaid parser shares: statements split from lines, `%%` comments removed,
/// labels cleaned (control characters made visible, `<br>` as a line break, spaces collapsed).
enum MermaidText {
    /// The longest label kept, in characters; the rest is cut (a label is a name, not a paragraph).
    static let maximumLabelLength = 200

    /// The fence's statements with their line numbers (from 1): lines split at `;` outside quotes,
    /// comments and blank statements dropped, each trimmed.
    static func statements(_ source: String, splitsAtSemicolons: Bool = true) -> [(line: Int, text: Substring)] {
        var result: [(line: Int, text: Substring)] = []
        for (index, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = rawLine
            if line.hasSuffix("\r") { line.removeLast() }
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.hasPrefix("%%") { continue }
            var start = trimmed.startIndex
            var inQuote = false
            var cursor = trimmed.startIndex
            while cursor < trimmed.endIndex {
                let character = trimmed[cursor]
                if character == "\"" { inQuote.toggle() }
                if !inQuote, splitsAtSemicolons, character == ";" {
                    append(trimmed[start..<cursor], line: index + 1, to: &result)
                    start = trimmed.index(after: cursor)
                }
                cursor = trimmed.index(after: cursor)
            }
            append(trimmed[start...], line: index + 1, to: &result)
        }
        return result
    }

    private static func append(_ text: Substring, line: Int, to result: inout [(line: Int, text: Substring)]) {
        let text = trimmed(text)
        if !text.isEmpty { result.append((line, text)) }
    }

    static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }

    /// A label as shown: quotes removed, `<br>` a line break, control characters made visible, runs of
    /// white space one space, lines trimmed, and no longer than `maximumLabelLength`.
    static func label<S: StringProtocol>(_ raw: S) -> String {
        var text = String(raw)
        if text.count >= 2, text.first == "\"", text.last == "\"" { text = String(text.dropFirst().dropLast()) }
        if text.count >= 2, text.first == "`", text.last == "`" { text = String(text.dropFirst().dropLast()) }
        for breakTag in ["<br/>", "<br />", "<br>", "<BR>", "<BR/>", "\\n"] {
            text = text.replacing(breakTag, with: "\n")
        }
        text = text.replacing("#quot;", with: "\"").replacing("#amp;", with: "&")
        if text.count > maximumLabelLength { text = String(text.prefix(maximumLabelLength - 1)) + "…" }
        text = ControlCharacterSanitizer.sanitize(text.replacing("\t", with: " "))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        return lines.filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
