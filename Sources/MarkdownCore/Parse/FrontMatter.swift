/// Splits YAML (`---`) or TOML (`+++`) front matter off the top of a Markdown file.
///
/// Without this, cmark reads YAML front matter as a thematic break followed by a paragraph or a
/// setext heading. Only a fence on the very first line counts, and only when a closing fence follows.
enum FrontMatter {
    static func split(_ text: String) -> (frontMatter: String?, body: String) {
        let utf8 = text.utf8
        let fence: String
        if utf8.starts(with: "---".utf8) {
            fence = "---"
        } else if utf8.starts(with: "+++".utf8) {
            fence = "+++"
        } else {
            return (nil, text)
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard let first = lines.popFirst(), trimmedLineEnd(first) == fence else { return (nil, text) }
        var content: [Substring] = []
        var consumed = first.utf8.count + 1
        while let line = lines.popFirst() {
            consumed += line.utf8.count + 1
            let trimmed = trimmedLineEnd(line)
            if trimmed == fence || (fence == "---" && trimmed == "...") {
                let bodyStart = min(consumed, utf8.count)
                let body = String(text.utf8.dropFirst(bodyStart)) ?? ""
                return (content.joined(separator: "\n"), body)
            }
            content.append(line)
        }
        return (nil, text)
    }

    private static func trimmedLineEnd(_ line: Substring) -> Substring {
        var line = line
        while let last = line.last, last == " " || last == "\t" || last == "\r" { line.removeLast() }
        return line
    }
}
