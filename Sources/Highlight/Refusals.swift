/// Texts with closers that did not parse without errors lately (`GrowingParse`), tried again only after
/// a growing number of redraws: a block its closers do not close for many lines (an expression spread
/// over lines, each ending in an operator: `(a +`) would otherwise be parsed twice at every line; a C
/// statement half written parses closed again once its line is done, so one refusal costs one redraw.
struct Refusals: Sendable {
    /// What was tried: closers, after the whole text or the text cut before its end.
    struct Key: Hashable, Sendable {
        var closers: [UInt8]
        var cut: GrowingParse.Cut
    }

    private var skipping: [Key: (left: Int, next: Int)] = [:]

    /// Whether `key` may be tried now; a refused one is skipped for as many calls as its backoff says.
    mutating func allows(_ key: Key) -> Bool {
        guard let entry = skipping[key], entry.left > 0 else { return true }
        skipping[key] = (entry.left - 1, entry.next)
        return false
    }

    /// `key` was tried and refused: skipped for the next calls, twice as many after each refusal (at most
    /// 64).
    mutating func refused(_ key: Key) {
        let next = skipping[key]?.next ?? 1
        skipping[key] = (next, min(next * 2, 64))
    }

    /// `key` was tried and taken: tried at every call again.
    mutating func accepted(_ key: Key) {
        skipping[key] = nil
    }
}
