import Testing

@testable import MarkdownCore

/// A code block redrawn as it grows reuses the rows of its unchanged lines (`GrowingCodeRows`): the
/// lines must be exactly those of laying out the whole block, at every length.
@Suite struct GrowingCodeRowsTests {
    /// Tokens the way a highlighter gives them: numbers, and comments from `/*` to `*/` (or the end),
    /// which span lines and change colour when the comment closes.
    private static func tokens(_ code: String) -> [SyntaxToken] {
        let bytes = Array(code.utf8)
        var tokens: [SyntaxToken] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) {
                    end += 1
                }
                let closed = end + 1 < bytes.count
                end = closed ? end + 2 : bytes.count
                tokens.append(SyntaxToken(range: index..<end, capture: closed ? "comment" : "string"))
                index = end
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                var end = index + 1
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
                tokens.append(SyntaxToken(range: index..<end, capture: "number"))
                index = end
            } else {
                index += 1
            }
        }
        return tokens
    }

    /// `code` laid out in `width` columns as a stream's tail, reusing and then keeping the rows in `growing`.
    private static func lines(
        _ code: String, width: Int, growing: inout GrowingRows, extending: ProvisionalTokens.Extension? = nil
    ) -> [StyledLine] {
        DocumentLayout.provisionalLines(
            for: Document(blocks: [block(code)]), options: LayoutOptions(width: width),
            resources: resources(code, extending: extending), reusing: &growing)
    }

    private static func wholeLines(_ code: String, width: Int) -> [StyledLine] {
        DocumentLayout(options: LayoutOptions(width: width), resources: resources(code, extending: nil)).blockLines(
            block(code), width: width, tight: false)
    }

    private static func block(_ code: String) -> Block {
        .codeBlock(CodeBlock(info: "c", code: code, isFenced: true))
    }

    private static func resources(_ code: String, extending: ProvisionalTokens.Extension?) -> ResolvedResources {
        var resources = ResolvedResources()
        resources.provisionalTokens = [("c", code, ProvisionalTokens(tokens: tokens(code), extending: extending))]
        return resources
    }

    /// Where the highlighter says which tokens did not change (as `TreeSitterHighlighter` does), or
    /// the kept tokens are compared.
    @Test(arguments: [(80, false), (24, false), (80, true), (24, true)])
    func aBlockGrowingALineAtATimeIsLaidOutAsAWholeLayoutWouldAtEveryLength(width: Int, told: Bool) {
        var source = ""
        for index in 0..<30 {
            source += "int v\(index) = \(index * 7);\n"
            if index % 7 == 3 { source += "/* a comment\n\tthat goes on 123\n" }
            if index % 7 == 5 { source += "still 42 */ x = 1;\n" }
            if index % 5 == 0 { source += "wide: " + String(repeating: "ab1 ", count: 12) + "é漢字\n" }
        }
        var growing = GrowingRows()
        var prefix = ""
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let previous = prefix
            prefix += prefix.isEmpty ? String(line) : "\n" + line
            var extending: ProvisionalTokens.Extension?
            if told, !previous.isEmpty {
                let old = Self.tokens(previous)
                let new = Self.tokens(prefix)
                let same = zip(old, new).prefix { $0 == $1 }.count
                let changed =
                    same < min(old.count, new.count)
                    ? min(old[same].range.lowerBound, new[same].range.lowerBound)
                    : (old.count > same
                        ? old[same].range.lowerBound : new.count > same ? new[same].range.lowerBound : Int.max)
                extending = ProvisionalTokens.Extension(previousLength: previous.utf8.count, unchangedBefore: changed)
            }
            let grown = Self.lines(prefix, width: width, growing: &growing, extending: extending)
            #expect(grown == Self.wholeLines(prefix, width: width), "\(prefix.utf8.count) bytes")
        }
    }

    @Test func aBlockAtAnotherWidthIsLaidOutAgainInFull() {
        var growing = GrowingRows()
        let code = (0..<50).map { "let a\($0) = \($0)" }.joined(separator: "\n")
        _ = Self.lines(code, width: 80, growing: &growing)
        let narrower = Self.lines(code + "\nx", width: 40, growing: &growing)
        #expect(narrower == Self.wholeLines(code + "\nx", width: 40))
    }
}
