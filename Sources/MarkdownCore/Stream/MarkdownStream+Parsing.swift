/// Parsing a stream's unfinished tail: the source from the first unfinished block on, behind the
/// prelude of definitions, with the lines counted from the tail's start.
extension MarkdownStream {
    /// The tail's top-level blocks (with their start lines, counted from the tail's first line) and
    /// the start lines of every top-level node, parsed behind the prelude.
    func parseTail(upTo length: Int) -> TailParse {
        parse(source.text(upTo: length))
    }

    /// `tail` (the source from some line on) parsed behind `prelude` (the stream's own by default).
    func parse(_ tail: String, behind prelude: DefinitionPrelude? = nil) -> TailParse {
        let prelude = prelude ?? self.prelude
        let text = prelude.text + tail
        let skipped = prelude.lineCount
        let mapped = DocumentConverter(options: renderer.parseOptions).sourceMappedDocument(fromBody: text)
        var blocks: [(block: Block, line: Int)] = []
        for (block, line) in zip(mapped.document.blocks, mapped.blockStartLines) where line > skipped {
            blocks.append((block, line - skipped))
        }
        let starts = mapped.topLevelStartLines.filter { $0 > skipped }.map { $0 - skipped }
        let lastRun = mapped.lastRun.map { run in
            SourceMappedDocument.LastRun(
                startLine: max(1, run.startLine - skipped), lastBlockLine: run.lastBlockLine - skipped,
                isOpen: run.isOpen)
        }
        return TailParse(
            document: mapped.document, blocks: blocks, starts: starts, lastRun: lastRun, text: text,
            footnoteLines: mapped.footnoteStartLines)
    }

    /// One parse of the prelude and the tail.
    struct TailParse {
        var document: Document
        /// The tail's top-level blocks, each with its start line counted from the tail's first line.
        var blocks: [(block: Block, line: Int)]
        /// The start lines of the tail's top-level nodes (footnote definitions included).
        var starts: [Int]
        /// The last run of blocks HTML joins, with lines counted from the tail's first line.
        var lastRun: SourceMappedDocument.LastRun?
        /// The text parsed.
        var text: String
        /// The line of `text` on which each of `document.footnotes` is defined.
        var footnoteLines: [Int]

        /// The labels of the first `count` footnotes as written in their definitions (cmark replaces
        /// them with numbers), read from the source lines the definitions start on: after the quote
        /// and list markers of a definition written inside a container, which hold no `[`.
        func footnoteLabels(_ count: Int) -> [String] {
            let bytes = Array(text.utf8)[...]
            return footnoteLines.prefix(count).map { line in
                var index = StreamSource.offset(ofLine: line, in: bytes)
                while index + 1 < bytes.endIndex && bytes[index] != StreamSource.lineFeed
                    && !(bytes[index] == UInt8(ascii: "[") && bytes[index + 1] == UInt8(ascii: "^"))
                {
                    index += 1
                }
                guard bytes[index...].starts(with: Array("[^".utf8)) else { return "" }
                let start = index + 2
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "]")) ?? bytes.endIndex
                return String(decoding: bytes[start..<end], as: UTF8.self)
            }
        }
    }
}
