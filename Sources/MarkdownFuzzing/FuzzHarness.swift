import FoundationEssentials
import Highlight
import MarkdownCore

/// The whole pipeline as the fuzz target drives it: parse, resolve (images off, highlighting on with the
/// installed grammars), layout and write, twice, then `RenderInvariants` on the bytes.
///
/// Shared by the libFuzzer target (`mdview-fuzz`) and the tests that replay the inputs it once broke
/// on, so that both check exactly the same things.
public struct FuzzHarness: Sendable {
    private let highlighter: TreeSitterHighlighter

    /// A harness with the grammars `mdview` itself would find. The highlighting budget is generous:
    /// under a sanitizer a block must not fall back to plain on the first render and be coloured on the
    /// second just because the machine was busy.
    public init() {
        let searchPath = GrammarSearchPath.standard(
            explicitDirectory: nil, environment: ProcessInfo.processInfo.environment,
            executableURL: URL(fileURLWithPath: "/proc/self/exe"))
        highlighter = TreeSitterHighlighter(searchPath: searchPath, parseTimeout: .seconds(30))
    }

    /// The directory relative links and images resolve against.
    static let baseDirectory = URL(fileURLWithPath: "/fuzz/docs")

    /// The renderer `fuzzCase` asks for: its width, colour depth, theme and hyperlinks, images off.
    public func renderer(for fuzzCase: FuzzCase) -> MarkdownRenderer {
        let capabilities = TerminalCapabilities(
            width: fuzzCase.width, colorDepth: fuzzCase.colorDepth, hyperlinks: fuzzCase.hyperlinks)
        return MarkdownRenderer(
            capabilities: capabilities, theme: fuzzCase.lightTheme ? .light : .dark, highlighter: highlighter,
            images: nil)
    }

    /// The bytes `mdview` writes for `fuzzCase`.
    public func render(_ fuzzCase: FuzzCase) -> [UInt8] {
        renderer(for: fuzzCase).render(fuzzCase.markdown, baseDirectory: Self.baseDirectory)
    }

    /// How small sections are when the input is rendered in sections (as a large document is), to
    /// check that cutting it changes nothing.
    static let sectionSize = 64

    /// Every invariant `fuzzCase` breaks: those of its output, a second render that differs, and a render
    /// in sections of `sectionSize` bytes, with lists laid out two items at a time, that differs.
    public func violations(_ fuzzCase: FuzzCase) -> [RenderInvariants.Violation] {
        let first = render(fuzzCase)
        var found = RenderInvariants.violations(
            in: first, width: fuzzCase.width, colour: fuzzCase.colorDepth != .none)
        let second = render(fuzzCase)
        if let offset = Self.firstDifference(first, second) {
            found.append(.differentSecondRender(firstDifference: offset))
        }
        var sectioned = renderer(for: fuzzCase)
        sectioned.sectioning = (minimum: 0, section: Self.sectionSize)
        sectioned.listItemsPerSlice = 2
        let inSections = sectioned.render(fuzzCase.markdown, baseDirectory: Self.baseDirectory)
        if let offset = Self.firstDifference(first, inSections) {
            found.append(.sectionedDiffers(firstDifference: offset))
        }
        return found
    }

    /// Where two outputs first differ, or nil when they are equal.
    static func firstDifference(_ first: [UInt8], _ second: [UInt8]) -> Int? {
        guard first != second else { return nil }
        return first.indices.first { $0 >= second.count || first[$0] != second[$0] } ?? first.count
    }
}
