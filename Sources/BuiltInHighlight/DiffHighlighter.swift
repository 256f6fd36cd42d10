import MarkdownCore

/// Colours a `diff` or `patch` block by line prefix: each whole line by what it is, whatever code
/// follows its marker.
///
/// `+` lines are `diff.plus`, `-` lines `diff.minus`, `@@` hunk headers `diff.delta`, and the file
/// headers (`diff --git`, `index`, `--- a/…` before `+++ b/…`, `new file mode`, …) `diff.header`. A
/// `---` line is a header only when a `+++` line follows it (otherwise it deletes a line that began
/// with `--`), and a `+++` line only after such a header.
enum DiffHighlighter {
    static let headerPrefixes = [
        "diff ", "index ", "new file mode", "deleted file mode", "old mode", "new mode", "similarity index",
        "dissimilarity index", "rename from", "rename to", "copy from", "copy to", "Only in ", "Binary files ",
        "From ", "Subject: ", "Date: ", "commit ", "Author: ", "*** ",
    ].map { Array($0.utf8) }

    static func tokens(for code: String) -> [SyntaxToken] {
        let bytes = Array(code.utf8)
        let lines = LineSplit.ranges(in: bytes)
        var tokens: [SyntaxToken] = []
        var headerPlusExpected = false
        for (index, line) in lines.enumerated() where !line.isEmpty {
            let text = bytes[line]
            let capture: String?
            if text.starts(with: Array("--- ".utf8)) || text == Array("---".utf8)[...],
                index + 1 < lines.count, bytes[lines[index + 1]].starts(with: Array("+++".utf8))
            {
                capture = "diff.header"
                headerPlusExpected = true
            } else if headerPlusExpected, text.starts(with: Array("+++".utf8)) {
                capture = "diff.header"
                headerPlusExpected = false
            } else if text.starts(with: Array("@@".utf8)) {
                capture = "diff.delta"
            } else if text.first == UInt8(ascii: "+") || text.first == UInt8(ascii: ">") {
                capture = "diff.plus"
            } else if text.first == UInt8(ascii: "-") || text.first == UInt8(ascii: "<") {
                capture = "diff.minus"
            } else if text.first == UInt8(ascii: "\\") {
                capture = "comment"
            } else if headerPrefixes.contains(where: { text.starts(with: $0) }) {
                capture = "diff.header"
            } else {
                capture = nil
            }
            headerPlusExpected = headerPlusExpected && capture == "diff.header"
            if let capture { tokens.append(SyntaxToken(range: line, capture: capture)) }
        }
        return tokens
    }
}
