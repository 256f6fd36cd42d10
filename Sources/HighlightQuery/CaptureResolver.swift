import MarkdownCore

/// One capture of a match that passed its predicates: a node's byte range, the pattern that captured
/// it and the capture's name index.
struct CaptureRecord {
    var start: Int
    var end: Int
    var pattern: UInt32
    var capture: UInt32
}

/// Turns overlapping captures into non-overlapping tokens with tree-sitter's highlighter semantics:
/// for the same node the first pattern in the query wins; a capture nested inside another splits it
/// (the inner one colours its bytes, the outer one the rest).
enum CaptureResolver {
    /// Captures that carry no colour of their own (locals bookkeeping, spell checking, private
    /// captures used only by predicates) are left out before overlaps are resolved.
    static func isColouring(_ name: String) -> Bool {
        !(name.hasPrefix("_") || name.hasPrefix("local") || name.hasPrefix("injection")
            || name == "spell" || name == "nospell" || name == "conceal")
    }

    /// `names[capture]` is the capture's name; `@none` takes the colour off what it covers. Only the bytes
    /// from `lowerBound` to `byteCount` are resolved (records are clipped to them): a growing block
    /// resolves only its changed end.
    static func tokens(from records: [CaptureRecord], names: [String], byteCount: Int, lowerBound: Int = 0)
        -> [SyntaxToken]
    {
        guard !records.isEmpty, byteCount > lowerBound else { return [] }
        let ordered = records.sorted {
            if $0.start != $1.start { return $0.start < $1.start }
            if $0.end != $1.end { return $0.end > $1.end }
            return $0.pattern < $1.pattern
        }
        let unpainted: Int32 = -1
        let length = byteCount - lowerBound
        var owner = [Int32](repeating: unpainted, count: length)
        var previous: (start: Int, end: Int)?
        for record in ordered {
            let start = max(lowerBound, record.start)
            let end = min(byteCount, record.end)
            guard start < end else { continue }
            // The same node again: the first pattern won.
            if let previous, previous.start == record.start, previous.end == record.end { continue }
            previous = (record.start, record.end)
            let paint = names[Int(record.capture)] == "none" ? unpainted : Int32(record.capture)
            for index in (start - lowerBound)..<(end - lowerBound) { owner[index] = paint }
        }
        var tokens: [SyntaxToken] = []
        var index = 0
        while index < length {
            let id = owner[index]
            var end = index + 1
            while end < length, owner[end] == id { end += 1 }
            if id != unpainted {
                tokens.append(SyntaxToken(range: (lowerBound + index)..<(lowerBound + end), capture: names[Int(id)]))
            }
            index = end
        }
        return tokens
    }
}
