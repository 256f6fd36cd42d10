import FoundationEssentials
import Testing

@testable import MarkdownCore

/// Large documents are parsed in sections (so that cmark's tree never holds all of one): the sections
/// must give exactly the document the whole parse gives.
@Suite struct SectionedParseTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// Real documents joined: README, manual-like prose, the golden fixtures without footnotes.
    static func joinedDocuments() throws -> String {
        // Footnote syntax anywhere keeps a document whole; the README only names it (`[^note]`).
        let readme = try text("README.md").split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("[^") }.joined(separator: "\n")
        var parts = [readme]
        for name in ["code", "headings", "lists", "quotes", "tables", "inline", "escapes", "unicode", "images"] {
            parts.append(try text("Tests/MarkdownCoreTests/Golden/\(name).md"))
        }
        return parts.joined(separator: "\n\n")
    }

    @Test(arguments: [500, 2_000, 20_000])
    func sectionsGiveTheWholeDocument(sectionSize: Int) throws {
        let markdown = try Self.joinedDocuments()
        let whole = DocumentConverter().document(from: markdown)
        let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: sectionSize))
        #expect(sectioned.blocks.count == whole.blocks.count)
        #expect(sectioned == whole)
    }

    @Test func referencesDefinedInAnotherSectionResolve() throws {
        let markdown = "# One\n\nSee [the site][site].\n\n# Two\n\n[site]: https://example.org\n\ntext\n"
        let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: 1))
        #expect(sectioned == DocumentConverter().document(from: markdown))
    }

    @Test func headingsInsideCodeAndCommentsAreNoCuts() throws {
        let markdown = "# A\n\n```\n\n# not a heading\n```\n\n<!--\n\n# hidden\n-->\n\n# B\n\ntext\n"
        let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: 1))
        #expect(sectioned == DocumentConverter().document(from: markdown))
    }

    @Test func documentsWithFootnotesAreParsedWhole() {
        #expect(DocumentConverter().documentInSections(from: "# A\n\nx[^1]\n\n# B\n\n[^1]: n\n", sectionSize: 1) == nil)
    }
}
