/// Puts a query's patterns in "first pattern wins" order.
///
/// mdview resolves a node captured by several patterns the way tree-sitter's highlighter does: the
/// first pattern wins. Many grammars' own queries (2024 onwards) are written for editors where the
/// last one wins, with `(identifier) @variable` at the top. scripts/install-grammars.sh marks each
/// concatenated source with `;; mdview: precedence=first|last`; the patterns of a `last` section are
/// reversed here, so both kinds of query colour as their authors meant.
enum QueryPrecedence {
    static let marker = Array(";; mdview: precedence=".utf8)

    static func ordered(_ patterns: [Range<Int>], in source: [UInt8]) -> [Range<Int>] {
        let sections = markers(in: source)
        guard sections.contains(where: { $0.last }) else { return patterns }
        var result: [Range<Int>] = []
        var index = 0
        // Patterns before the first marker keep their order.
        for (position, (offset, last)) in sections.enumerated() {
            let end = position + 1 < sections.count ? sections[position + 1].offset : Int.max
            while index < patterns.count, patterns[index].lowerBound < offset {
                result.append(patterns[index])
                index += 1
            }
            var section: [Range<Int>] = []
            while index < patterns.count, patterns[index].lowerBound < end {
                section.append(patterns[index])
                index += 1
            }
            result += last ? section.reversed() : section
        }
        result += patterns[index...]
        return result
    }

    /// Offsets of the marker lines and whether each starts a `last` section.
    private static func markers(in source: [UInt8]) -> [(offset: Int, last: Bool)] {
        var result: [(Int, Bool)] = []
        var lineStart = 0
        while lineStart < source.count {
            var lineEnd = lineStart
            while lineEnd < source.count, source[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let line = source[lineStart..<lineEnd]
            if line.starts(with: marker) {
                result.append((lineStart, line.dropFirst(marker.count).starts(with: Array("last".utf8))))
            }
            lineStart = lineEnd + 1
        }
        return result
    }
}
