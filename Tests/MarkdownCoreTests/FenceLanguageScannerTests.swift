import Testing

@testable import MarkdownCore

@Suite struct FenceLanguageScannerTests {
    @Test func findsEachFencedLanguageOnceInOrder() {
        let markdown = "# T\n\n```python\nx\n```\n\n~~~ Rust title=\"a\"\ny\n~~~\n\n```python\nz\n```\n"
        #expect(FenceLanguageScanner.languages(in: markdown) == ["python", "Rust"])
    }

    @Test func findsFencesInsideListsAndQuotes() {
        #expect(
            FenceLanguageScanner.languages(in: "- item\n\n  ```c++\n  x\n  ```\n> ```sh\n> y\n> ```\n") == [
                "c++", "sh",
            ])
    }

    @Test func ignoresFencesWithoutALanguageAndShortFences() {
        #expect(FenceLanguageScanner.languages(in: "```\nplain\n```\n``not a fence``\n") == [])
    }

    @Test func stopsAtTheLimit() {
        let markdown = (0..<40).map { "```lang\($0)\n```\n" }.joined()
        #expect(FenceLanguageScanner.languages(in: markdown, limit: 16).count == 16)
    }
}
