import Testing

@testable import MarkdownCore

/// Random documents of lines that start, end and continue every kind of construct, for the property that
/// however a document is cut into sections, the sections parse to the whole's blocks.
struct RandomSectionDocuments {
    /// Lines picked a third of the time; the rest are `filler` with a random number.
    let pool: [String]
    let filler: (Int) -> String
    var seed: UInt64
    /// What the picked lines are joined with: a line feed, or a space for documents of long lines.
    var separator = "\n"

    private mutating func next() -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(seed >> 33)
    }

    /// Checks 150 documents of 40 lines, cut into sections of 1 and 50 bytes.
    mutating func expectEveryCutParsesAsTheWhole(sourceLocation: SourceLocation = #_sourceLocation) {
        for _ in 0..<150 {
            var lines: [String] = []
            for _ in 0..<40 {
                lines.append(next() % 3 == 0 ? pool[next() % pool.count] : filler(next() % 100))
            }
            let markdown = lines.joined(separator: separator) + "\n"
            let whole = DocumentConverter().wholeDocument(from: markdown)
            for size in [1, 50] {
                guard let sectioned = DocumentConverter().documentInSections(from: markdown, sectionSize: size) else {
                    continue
                }
                #expect(sectioned == whole, "\(markdown)", sourceLocation: sourceLocation)
            }
        }
    }
}
