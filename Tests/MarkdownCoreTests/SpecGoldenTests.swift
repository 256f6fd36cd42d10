import FoundationEssentials
import MarkdownCore
import TestSupport
import Testing

/// Every example of the CommonMark + GFM spec (from Debian's cmark-gfm package) rendered at width 40,
/// one golden file per spec section: `Golden/Spec/<section>.markup`. Each example starts with a line
/// `{example N}` (and the extension's name for GFM examples), then its styled lines in 24-bit colour as
/// markup (`StyledLineMarkup`), then `{plain}` and its plain text with braces doubled the same way.
@Suite struct SpecGoldenTests {
    static let width = 40
    static let sections = CommonMarkSpec.installed?.sections ?? []

    @Test func theSpecIsInstalledWithEveryExample() throws {
        let spec = try #require(CommonMarkSpec.installed, Comment(rawValue: CommonMarkSpec.installHint))
        #expect(spec.examples.count >= 650)
        #expect(Set(spec.examples.map(\.extensionName)).isSuperset(of: ["table", "strikethrough", "autolink"]))
    }

    @Test(arguments: sections)
    func everyExampleOfASectionMatchesItsGoldenFile(section: CommonMarkSpec.Section) throws {
        let markup = StyledLineMarkup(colorDepth: .trueColor)
        var text = ""
        for example in section.examples {
            text += "{example \(example.number)" + (example.extensionName.map { " " + $0 } ?? "") + "}\n"
            let variant = GoldenRendering.Variant(width: Self.width, colorDepth: .trueColor)
            text += markup.text(GoldenRendering.lines(example.markdown, variant))
            text += "{plain}\n"
            let plain = GoldenRendering.lines(example.markdown, .init(width: Self.width, colorDepth: .none))
            text += StyledLineMarkup.escaped(GoldenRendering.plainText(plain))
        }
        try GoldenFile.expect(text, matches: "Spec/\(section.slug).markup")
    }

    @Test func everyGoldenFileBelongsToASection() throws {
        let directory = GoldenFile.directory.appendingPathComponent("Spec")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        #expect(Set(files) == Set(Self.sections.map { "\($0.slug).markup" }))
    }
}
