/// The part of a stream's already-final text that later blocks still depend on: link reference and
/// footnote definitions (which apply to the whole document), and the footnote labels already numbered.
///
/// It is parsed in front of the unfinished tail each time, so the tail sees the same definitions and
/// continues the same footnote numbering as in a parse of the whole input, without the final blocks
/// being parsed again. Only regions that may hold a definition are kept, so a stream without
/// definitions keeps nothing here.
struct DefinitionPrelude: Sendable {
    /// Final regions of source text that may hold definitions, each ending with a line ending.
    private var regions: [String] = []
    /// The labels of the footnotes numbered so far, in number order.
    var footnoteLabels: [String] = [] {
        didSet { if footnoteLabels != oldValue { rebuild() } }
    }
    /// The text parsed in front of the tail.
    private(set) var text = ""
    /// How many lines `text` takes: the tail's blocks start after it.
    private(set) var lineCount = 0

    /// Closes every block a region can leave open (a list, indented code, a footnote definition)
    /// without touching the definitions, so the tail after it starts at the top level, as it did in
    /// the input. The thematic break it adds is dropped with the prelude's other blocks.
    private static let separator = "\n\n***\n\n"

    /// Keeps `region` when it may define something.
    mutating func absorb(_ region: ArraySlice<UInt8>) {
        guard Self.mayHoldDefinition(region) else { return }
        regions.append(String(decoding: region, as: UTF8.self))
        rebuild()
    }

    private mutating func rebuild() {
        var built = ""
        if !footnoteLabels.isEmpty {
            // One reference per numbered label, in order: the tail's parse numbers them 1, 2, … first,
            // so its own new footnotes continue from there, as in the whole input.
            built += footnoteLabels.map { "[^\($0)]" }.joined(separator: " ") + Self.separator
        }
        for region in regions {
            built += region + Self.separator
        }
        text = built
        lineCount = StreamSource.lineEndings(in: built)
    }

    /// Whether some line, after block quote markers, list markers and indentation, starts with `[`,
    /// and the region contains `]:` (every definition has both).
    static func mayHoldDefinition(_ region: ArraySlice<UInt8>) -> Bool {
        guard region.contains(UInt8(ascii: "]"), followedBy: UInt8(ascii: ":")) else { return false }
        var atLineStart = true
        var index = region.startIndex
        while index < region.endIndex {
            if atLineStart {
                let first = firstContentByte(region, from: index)
                if first < region.endIndex && region[first] == UInt8(ascii: "[") { return true }
            }
            let byte = region[index]
            atLineStart = byte == StreamSource.lineFeed || byte == StreamSource.carriageReturn
            index += 1
        }
        return false
    }

    /// The first byte of a line's content after spaces, tabs, `>` and list markers.
    private static func firstContentByte(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ">") {
                index += 1
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+") {
                index += 1
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: ")")
            {
                index += 1
            } else {
                return index
            }
        }
        return index
    }
}
