import Testing

@testable import mdview

/// The fast reading of everyday command lines (`Invocation(fastParsing:)`) must agree with the
/// argument parser wherever it answers, and hand everything else to the parser.
@Suite struct FastParsingTests {
    static let everyday: [[String]] = [
        [], ["README.md"], ["-"], ["a.md", "b.md"], ["--width", "80", "doc.md"], ["--width=80"],
        ["--color", "always", "--width", "40", "x.md"], ["--color=never"],
        ["--theme", "light"], ["--theme=ansi", "f.md"], ["--theme", "my theme.json"], ["--hyperlinks", "never"],
        ["--pager", "never"], ["-p"], ["-p", "--pager", "always"], ["--timings"],
        ["-v"], ["--verbose"], ["--no-highlight"], ["--grammar-dir", "/g"], ["--no-config", "x.md"],
        ["--", "-odd.md", "--width"], ["--width", "80", "--width", "100"], ["--theme", "dark", "--theme", "light"],
        ["--color", "always", "--timings", "-v", "--no-highlight", "--hyperlinks=always", "a.md", "-", "b.md"],
        ["--no-images"], ["--width", "80", "--no-images", "x.md"], ["--no-emoji", "--html", "raw"],
        ["--max-size", "50M", "a.md"], ["--max-size=1G"], ["--max-size", "4096"],
    ]

    @Test(arguments: everyday)
    func theFastReadingEqualsTheParsers(arguments: [String]) throws {
        let fast = try #require(Invocation(fastParsing: arguments), "not read fast: \(arguments)")
        let parsed = try MDView.parse(arguments).invocation
        #expect(fast == parsed)
    }

    static let forTheParser: [[String]] = [
        ["--help"], ["-h"], ["--version"], ["--generate-completion-script", "bash"], ["--list-languages"],
        ["--images", "sixel"], ["--no-images", "--images", "sixel"], ["--no-images=1"], ["--no-remote"],
        ["--image-size", "height"],
        ["--image-timeout", "3"], ["--width", "abc"], ["--width"], ["--width=0"], ["--color", "sometimes"],
        ["--colour", "always"], ["--theme"], ["--theme", "--width"], ["--timings=yes"], ["-vp"],
        ["-p", "--pager", "never"], ["--pager=auto", "-p"], ["--width", "-1"], ["--pager", "later"], ["-x"],
        ["--hyperlinks"], ["--max-size", "2x"], ["--max-size", "0"], ["--max-size"],
    ]

    @Test(arguments: forTheParser)
    func anythingElseGoesToTheParser(arguments: [String]) {
        #expect(Invocation(fastParsing: arguments) == nil)
    }
}
