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

    /// `names[capture]` is the capture's name; `@none` takes the colour off what it covers.
    static func tokens(from records: [CaptureRecord], names: [String], byteCount: Int) -> [SyntaxToken] {
        guard !records.isEmpty, byteCount > 0 else { return [] }
        let ordered = records.sorted {
            if $0.start != $1.start { return $0.start < $1.start }
            if $0.end != $1.end { return $0.end > $1.end }
            return $0.pattern < $1.pattern
        }
        let unpainted: Int32 = -1
        var owner = [Int32](repeating: unpainted, count: byteCount)
        var previous: (start: Int, end: Int)?
        for record in ordered {
            let start = max(0, record.start)
            let end = min(byteCount, record.end)
            guard start < end else { continue }
            if let previous, previous.start == start, previous.end == end { continue }  // same node: first pattern won
            previous = (start, end)
            let paint = names[Int(record.capture)] == "none" ? unpainted : Int32(record.capture)
            for index in start..<end { owner[index] = paint }
        }
        var tokens: [SyntaxToken] = []
        var index = 0
        while index < byteCount {
            let id = owner[index]
            var end = index + 1
            while end < byteCount, owner[end] == id { end += 1 }
            if id != unpainted {
                tokens.append(SyntaxToken(range: index..<end, capture: names[Int(id)]))
            }
            index = end
        }
        return tokens
    }
}
