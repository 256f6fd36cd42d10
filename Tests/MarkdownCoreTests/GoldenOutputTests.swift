import FoundationEssentials
import Testing

@testable import MarkdownCore

/// Every construct rendered at widths 40 and 80, with and without colour, against files in `Golden/`.
///
/// Expected outputs change only on purpose: `make golden` (MDVIEW_UPDATE_GOLDEN=1) rewrites them and
/// the run still fails, so a regeneration is never mistaken for a pass.
@Suite struct GoldenOutputTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let inputs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted()
    }()

    enum Mode: String, CaseIterable {
        case plain, color
        var depth: ColorDepth { self == .plain ? .none : .trueColor }
    }

    @Test func goldenInputsExist() {
        #expect(Self.inputs.count >= 10)
    }

    @Test(arguments: inputs, [40, 80])
    func renderingMatchesGoldenFile(name: String, width: Int) throws {
        let markdown = try String(contentsOf: Self.directory.appendingPathComponent(name + ".md"), encoding: .utf8)
        for mode in Mode.allCases {
            let renderer = MarkdownRenderer(capabilities: TerminalCapabilities(width: width, colorDepth: mode.depth))
            let actual = String(decoding: renderer.render(markdown), as: UTF8.self)
            let file = Self.directory.appendingPathComponent("\(name).w\(width).\(mode.rawValue).txt")
            if ProcessInfo.processInfo.environment["MDVIEW_UPDATE_GOLDEN"] == "1" {
                try actual.write(to: file, atomically: true, encoding: .utf8)
                Issue.record("regenerated \(file.lastPathComponent); run the tests again without MDVIEW_UPDATE_GOLDEN")
                continue
            }
            guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
                Issue.record("missing \(file.lastPathComponent): run 'make golden' and review the new file")
                continue
            }
            #expect(actual == expected, "\(file.lastPathComponent) differs; review, then 'make golden' if intended")
        }
    }
}
