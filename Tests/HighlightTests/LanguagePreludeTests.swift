import GrammarStore
import Testing

/// `LanguageDescriptor.prelude(before:)`: what a grammar needs in front of code to read it as code (PHP's
/// `<?php`), left out when the code says itself where the language starts.
@Suite struct LanguagePreludeTests {
    static let php = LanguageCatalog.all.first { $0.id == "php" }!

    @Test func codeWithoutTheTagGetsThePrelude() {
        #expect(Self.php.prelude(before: Array("class Service {\n  function f() {}\n".utf8)) == Array("<?php\n".utf8))
    }

    @Test func codeHoldingTheTagAnywhereGetsNone() {
        #expect(Self.php.prelude(before: Array("<p>Hi</p>\n<?php echo 1;\n".utf8)).isEmpty)
        #expect(Self.php.prelude(before: Array("<?".utf8)).isEmpty)
    }

    @Test func aCollectionWithoutContiguousStorageIsReadToo() {
        // A lazy map has no storage of its own to read in place.
        #expect(Self.php.prelude(before: Array("echo 1; ?>\n<?= $x ?>\n".utf8).lazy.map { $0 }).isEmpty)
        #expect(Self.php.prelude(before: Array("echo 1;\n".utf8).lazy.map { $0 }) == Array("<?php\n".utf8))
    }

    @Test func aLanguageWithoutAPreludeNeedsNone() {
        let python = LanguageCatalog.all.first { $0.id == "python" }!
        #expect(python.prelude(before: Array("<?php\n".utf8)).isEmpty)
        #expect(python.prelude(before: Array("x = 1\n".utf8)).isEmpty)
    }
}
