import Testing

@testable import MarkdownCore

/// Documents mixed from pieces that stress cutting into sections — footnote references and definitions
/// in every position and case, definitions in code, quotes and HTML, link definitions, HTML left open —
/// give, section by section, exactly the document the whole parse gives.
@Suite struct SectionedFootnoteMixTests {
    static let pieces = [
        "# Heading", "## Sub heading", "Text with a note[^a] and another[^B].", "More[^c] text[^a] and [^zz].",
        "[^a]: Note a with a [link][site] and[^b] a reference.",
        "[^b]: Note b\n    indented continuation[^c]\nlazy line",
        "[^C]: Note c.", "[^d]: Note d, never referenced[^e].", "[^e]: Note e.", "[^a]: A second definition of a.",
        "```\n[^x]: not a definition\n\n# not a heading\n```", "> quoted[^d] text", "- item[^e]\n- item two",
        "[site]: https://example.org", "<div align=\"center\">", "</div>", "<details>\n<summary>More</summary>",
        "</details>", "    indented code [^a]", "| a | b |\n|---|---|\n| x[^a] | y |",
        "Paragraph\n[^e]: lazy, not a definition",
    ]

    /// A small deterministic generator (so a failure can be reproduced).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test(arguments: 0..<40)
    func aMixedDocumentGivesTheWholeParseSectionBySection(seed: Int) {
        var generator = Generator(state: UInt64(seed) &+ 1)
        var blocks: [String] = []
        for _ in 0..<(10 + generator.next(30)) {
            blocks.append(Self.pieces[generator.next(Self.pieces.count)])
            if generator.next(3) == 0 { blocks.append("# Cut here \(blocks.count)") }
        }
        let markdown = blocks.joined(separator: "\n\n") + "\n"
        let whole = DocumentConverter().wholeDocument(from: markdown)
        for size in [1, 40, 200] {
            var parts = DocumentConverter().parts(of: markdown, minimumSize: 0, sectionSize: size)
            var joined = Document(blocks: [])
            while let part = parts.next() {
                joined.blocks += part.blocks
                joined.footnotes += part.footnotes
            }
            #expect(joined == whole, "seed \(seed), section size \(size)")
        }
    }
}
