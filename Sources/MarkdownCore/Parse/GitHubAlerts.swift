/// GitHub's alert syntax, read at parse time: a block quote whose first line is only `[!NOTE]`,
/// `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (any letter case) is an alert. Anything else on
/// that line, an unknown kind or the legacy `> **Note**` form leaves the quote a quote, as on GitHub.
enum GitHubAlerts {
    /// The alert a block quote with these blocks stands for, or nil when it is an ordinary quote.
    static func alert(fromQuote blocks: [Block]) -> Alert? {
        guard case .paragraph(let inlines)? = blocks.first else { return nil }
        let lineEnd = inlines.firstIndex { $0 == .softBreak || $0 == .lineBreak } ?? inlines.count
        var marker = ""
        for inline in inlines[..<lineEnd] {
            guard case .text(let text) = inline else { return nil }
            marker += text
        }
        let word = marker.trimmedWhitespace
        guard word.hasPrefix("[!"), word.hasSuffix("]"),
            let kind = Alert.Kind(rawValue: word.dropFirst(2).dropLast().lowercased())
        else { return nil }
        var content = Array(blocks.dropFirst())
        let rest = inlines.dropFirst(lineEnd + 1)
        if !rest.isEmpty { content.insert(.paragraph(Array(rest)), at: 0) }
        return Alert(kind: kind, blocks: content)
    }
}
