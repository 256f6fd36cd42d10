import MarkdownCore

/// Merging a growing block's kept tokens with those matched again.
extension GrowingParse {
    /// `tokens` with those from byte `start` on replaced by `fresh` (all at or after `start`); a token
    /// cut at `start` that continues in `fresh` with the same capture is joined again, as resolving the
    /// whole block would have.
    static func replace(_ tokens: inout [SyntaxToken], from start: Int, with fresh: [SyntaxToken]) {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.upperBound <= start { low = middle + 1 } else { high = middle }
        }
        var cut: SyntaxToken?
        if low < tokens.count, tokens[low].range.lowerBound < start {
            cut = SyntaxToken(range: tokens[low].range.lowerBound..<start, capture: tokens[low].capture)
        }
        tokens.removeSubrange(low...)
        if let cut { tokens.append(cut) }
        var rest = fresh[...]
        if let first = rest.first, let last = tokens.last, last.range.upperBound == first.range.lowerBound,
            last.capture == first.capture
        {
            tokens[tokens.count - 1].range = last.range.lowerBound..<first.range.upperBound
            rest = rest.dropFirst()
        }
        tokens.append(contentsOf: rest)
    }

    /// The first byte from `start` on that `old` and `fresh` (the tokens replacing `old`'s from `start`
    /// on) colour differently, or `Int.max` where they agree. A token that starts at the same byte with
    /// the same capture colours alike as far as the shorter of the two reaches.
    static func firstColouringDifference(_ old: [SyntaxToken], _ fresh: [SyntaxToken], from start: Int) -> Int {
        var low = 0
        var high = old.count
        while low < high {
            let middle = (low + high) / 2
            if old[middle].range.upperBound <= start { low = middle + 1 } else { high = middle }
        }
        // Both cut to begin at `start`.
        let clipped = { (token: SyntaxToken) in
            SyntaxToken(range: max(start, token.range.lowerBound)..<token.range.upperBound, capture: token.capture)
        }
        var oldIndex = low
        var freshIndex = fresh.firstIndex { $0.range.upperBound > start } ?? fresh.count
        while oldIndex < old.count, freshIndex < fresh.count {
            let before = clipped(old[oldIndex])
            let after = clipped(fresh[freshIndex])
            if before == after {
                oldIndex += 1
                freshIndex += 1
                continue
            }
            if before.capture == after.capture, before.range.lowerBound == after.range.lowerBound {
                return min(before.range.upperBound, after.range.upperBound)
            }
            return min(before.range.lowerBound, after.range.lowerBound)
        }
        if oldIndex < old.count { return clipped(old[oldIndex]).range.lowerBound }
        if freshIndex < fresh.count { return clipped(fresh[freshIndex]).range.lowerBound }
        return Int.max
    }

    /// The tokens in `range`, cut to it.
    static func tokens(of tokens: [SyntaxToken], in range: Range<Int>) -> [SyntaxToken] {
        tokens.compactMap { token in
            let clamped = token.range.clamped(to: range)
            return clamped.isEmpty ? nil : SyntaxToken(range: clamped, capture: token.capture)
        }
    }

    /// `tokens` (all before `offset` or from it on) with `inserted` put in at `offset`.
    static func inserting(_ inserted: [SyntaxToken], into tokens: [SyntaxToken], at offset: Int) -> [SyntaxToken] {
        let split = tokens.firstIndex { $0.range.lowerBound >= offset } ?? tokens.count
        return Array(tokens[..<split]) + inserted + tokens[split...]
    }
}
