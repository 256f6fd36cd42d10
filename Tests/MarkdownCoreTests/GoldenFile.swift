import FoundationEssentials
import Testing

/// Compares rendered text with a committed golden file.
///
/// Expected outputs change only on purpose: with MDVIEW_UPDATE_GOLDEN=1 (`make golden`) the file is
/// rewritten and the test still fails, so a regeneration is never mistaken for a pass. A missing file
/// fails too; nothing is ever written silently.
enum GoldenFile {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var updating: Bool { ProcessInfo.processInfo.environment["MDVIEW_UPDATE_GOLDEN"] == "1" }

    /// The fixtures `Golden/<name>.md`, by name.
    static let fixtures: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted()
    }()

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name + ".md"), encoding: .utf8)
    }

    /// Expects `actual` to equal the golden file at `path` (relative to `Golden/`).
    static func expect(_ actual: String, matches path: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let file = directory.appendingPathComponent(path)
        if updating {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            Issue.record(
                "regenerated \(path); review 'git diff', then run the tests again without MDVIEW_UPDATE_GOLDEN",
                sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("missing golden file \(path): run 'make golden' and review it", sourceLocation: sourceLocation)
            return
        }
        #expect(
            actual == expected, "\(path) differs; review, then 'make golden' if intended",
            sourceLocation: sourceLocation)
    }
}
