/// The footnotes of a body parsed in sections (`MarkdownSections`), numbered as the whole parse numbers
/// them.
///
/// cmark-gfm resolves a reference only when some definition has its label, and numbers footnotes in the
/// order their labels are first referenced over the whole document, references inside definitions
/// counting where the definition stands. So each section is parsed behind a prelude
/// (`prelude(forSection:)`) that references the labels numbered so far, in number order, and defines
/// every label the document defines in other sections (a stub: only its label matters); its own
/// definitions are parsed where they stand. The definitions' bodies are parsed once, at the end
/// (`footnotesText`): their source text behind references to every numbered label, which gives the
/// references inside them the numbers the whole parse gives.
///
/// cmark decides which candidate lines really define a footnote and where each definition ends: each
/// section with candidates is parsed once beforehand with every candidate referenced. A definition that
/// does not start a line (inside a quote or a list), a label a prelude could not reference as it is
/// written, or carriage returns in such a section make the body parse whole (`init` returns nil).
struct SectionFootnotes {
    /// The labels defined in each section, as written.
    private let definedLabels: [Set<String>]
    /// Each label's first definition, in source order.
    private let definitions: [(label: String, text: Substring)]
    /// The labels numbered so far, in number order, as their definitions write them.
    private(set) var numberedLabels: [String] = []

    /// Whether any candidate line really defines a footnote (else no section needs a prelude).
    var definesAny: Bool { !definitions.isEmpty }

    /// Finds the real definitions among `sections`' candidate lines; `parse` parses a body whole.
    init?(_ sections: MarkdownSections, parse: (String) -> SourceMappedDocument) {
        var defined: [Set<String>] = []
        var definitions: [(label: String, text: Substring)] = []
        var seen = Set<String>()
        for (index, candidates) in sections.footnoteCandidates.enumerated() {
            // What cmark parses of the section: over-long lines without their tails (`LineTail`).
            let section = sections.parsedText(ofSection: index)
            var labels: [String] = []
            for label in candidates where !labels.contains(label) { labels.append(label) }
            guard !labels.isEmpty else {
                defined.append([])
                continue
            }
            guard labels.allSatisfy(Self.isReferenceable), !section.utf8.contains(UInt8(ascii: "\r")) else {
                return nil
            }
            let prelude = Self.references(labels)
            let skipped = Self.lineCount(prelude)
            let mapped = parse(prelude + section)
            let lines = SectionLines(section)
            var found: [(line: Int, label: String)] = []
            for line in mapped.footnoteStartLines where line > skipped {
                // A definition inside a quote or a list item is not a section's top-level text.
                guard let label = Self.label(definedOn: lines.line(line - skipped)) else { return nil }
                found.append((line, label))
            }
            found.sort { $0.line < $1.line }
            var sectionLabels = Set<String>()
            for (line, label) in found {
                sectionLabels.insert(label)
                guard seen.insert(label).inserted else { continue }
                let next = mapped.topLevelStartLines.first { $0 > line }.map { $0 - skipped }
                definitions.append((label, lines.text(from: line - skipped, upTo: next)))
            }
            defined.append(sectionLabels)
        }
        self.definedLabels = defined
        self.definitions = definitions
    }

    /// What section `index` is parsed behind: references to the labels numbered so far (so that its
    /// own footnotes continue the numbering), `linkDefinitions`, and a stub definition of every label
    /// defined elsewhere, closed by a thematic break so the section starts at the top level. Its blocks
    /// start after `lines` lines.
    func prelude(forSection index: Int, linkDefinitions: String) -> (text: String, lines: Int) {
        var text = Self.references(numberedLabels) + linkDefinitions
        var stubs = ""
        for definition in definitions where !definedLabels[index].contains(definition.label) {
            stubs += "[^\(definition.label)]: x\n\n"
        }
        if !stubs.isEmpty || !numberedLabels.isEmpty { text += stubs + "***\n\n" }
        return (text, Self.lineCount(text))
    }

    /// Takes the labels numbered after the parse of `text` (a section behind its prelude): the labels
    /// of the footnotes it gave, in number order, read from the lines their definitions start on
    /// (cmark replaces labels with numbers).
    mutating func numbered(_ mapped: SourceMappedDocument, text: String) {
        let lines = SectionLines(text[...])
        numberedLabels = mapped.footnoteStartLines.map { Self.label(definedOn: lines.line($0)) ?? "" }
    }

    /// The label of the footnote definition that starts `line` (`[^label]: …` at its very start).
    private static func label(definedOn line: Substring) -> String? {
        guard line.hasPrefix("[^") else { return nil }
        let label = line.dropFirst(2).prefix { $0 != "]" }
        guard !label.isEmpty, line.dropFirst(2 + label.count).hasPrefix("]:") else { return nil }
        return String(label)
    }

    /// The text whose parse gives the document's footnotes, numbered and with their bodies: one
    /// reference per numbered label in order, `linkDefinitions`, then every first definition; nil when
    /// nothing was referenced.
    func footnotesText(linkDefinitions: String) -> String? {
        guard !numberedLabels.isEmpty else { return nil }
        var text = Self.references(numberedLabels) + linkDefinitions
        for definition in definitions {
            text += definition.text
            text += definition.text.hasSuffix("\n") ? "\n" : "\n\n"
        }
        return text
    }

    /// One paragraph per label, so that no label's characters can join two references.
    private static func references(_ labels: [String]) -> String {
        labels.map { "[^\($0)]\n\n" }.joined()
    }

    /// Labels whose reference reads the same alone as in the document: nothing that starts a code span,
    /// an escape, an entity or a tag.
    private static func isReferenceable(_ label: String) -> Bool {
        !label.contains { "`\\&<".contains($0) }
    }

    private static func lineCount(_ text: String) -> Int {
        text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}

/// A section's lines by number (1-based), read on demand.
private struct SectionLines {
    let text: Substring
    /// Where each line starts.
    private let starts: [String.Index]

    init(_ text: Substring) {
        self.text = text
        var starts = [text.startIndex]
        var index = text.utf8.startIndex
        while let newline = text.utf8[index...].firstIndex(of: UInt8(ascii: "\n")) {
            index = text.utf8.index(after: newline)
            starts.append(index)
        }
        self.starts = starts
    }

    func line(_ number: Int) -> Substring {
        guard starts.indices.contains(number - 1) else { return "" }
        let start = starts[number - 1]
        let end = starts.indices.contains(number) ? starts[number] : text.endIndex
        return text[start..<end]
    }

    /// Lines `first` up to (without) `next`, or to the end.
    func text(from first: Int, upTo next: Int?) -> Substring {
        guard starts.indices.contains(first - 1) else { return "" }
        let end = next.flatMap { starts.indices.contains($0 - 1) ? starts[$0 - 1] : nil } ?? text.endIndex
        return text[starts[first - 1]..<end]
    }
}
