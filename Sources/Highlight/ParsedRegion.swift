/// The part of a growing block that `GrowingParse`'s kept tree covers: the code from `base` on
/// (`TailCheckpoint` moves it), less a `hole` of complete items cut out of a long nested repetition
/// (`NestedCheckpoint`). Offsets in the tree count in this region's text; `real` maps them back.
struct ParsedRegion: Equatable {
    /// Where the region starts in the block's code.
    var base = 0
    /// Bytes of the block's code left out of the region, at or after `base`.
    var hole: Range<Int>?

    /// The length of the region's text before the hole (all of it without one).
    var spineLength: Int? { hole.map { $0.lowerBound - base } }

    /// Bytes of the code before the region's end that the region leaves out.
    var removedCount: Int { base + (hole?.count ?? 0) }

    /// The offset in the block's code of `offset` in the region's text.
    func real(_ offset: Int) -> Int {
        guard let hole, let spine = spineLength, offset >= spine else { return base + offset }
        return hole.upperBound + offset - spine
    }

    /// Calls `body` with the region's text of `code` followed by `closers`: a slice of `code`, or a copy
    /// without the hole or with the closers.
    func withText<Result>(
        of code: UnsafeBufferPointer<UInt8>, closers: [UInt8] = [], _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        guard hole != nil || !closers.isEmpty else { return body(UnsafeBufferPointer(rebasing: code[base...])) }
        var text: [UInt8] = []
        text.reserveCapacity(code.count - removedCount + closers.count)
        text.append(contentsOf: code[base..<(hole?.lowerBound ?? code.count)])
        if let hole { text.append(contentsOf: code[hole.upperBound...]) }
        text.append(contentsOf: closers)
        return text.withUnsafeBufferPointer(body)
    }

    /// Reads the region's text of `code` into `brackets`.
    func scan(_ code: UnsafeBufferPointer<UInt8>, into brackets: inout OpenBrackets) {
        brackets.scan(code[base..<(hole?.lowerBound ?? code.count)])
        if let hole { brackets.scan(code[hole.upperBound...]) }
    }
}
