import CTreeSitter
import HighlightQuery

/// Where a growing block's next parses start (`TailCheckpoint`, `NestedCheckpoint`), and how a block
/// relates to the one kept.
extension GrowingParse {
    /// The region the next parses cover, if `tree` (the parse of `region`'s `text`) has a checkpoint:
    /// the start moves to a recent top-level item, or the hole grows to more of a nested repetition.
    static func nextRegion(
        after region: ParsedRegion, tree: OpaquePointer, text: UnsafeBufferPointer<UInt8>, query: CompiledQuery
    ) -> ParsedRegion? {
        if let checkpoint = TailCheckpoint(tree: tree, code: text, query: query) {
            var next = region
            next.base = region.real(checkpoint.offset)
            if let spine = region.spineLength, checkpoint.offset >= spine { next.hole = nil }
            return next
        }
        if let nested = NestedCheckpoint(tree: tree, code: text, query: query, spineLength: region.spineLength) {
            var next = region
            next.hole =
                (region.hole?.lowerBound ?? region.real(nested.cut.lowerBound))..<region.real(nested.cut.upperBound)
            return next
        }
        return nil
    }

    /// How `code` relates to `kept`: the same bytes, longer bytes that start with them, or neither.
    static func relation(of kept: String, by code: String) -> Relation {
        guard code.startsWithBytes(of: kept) else { return .unrelated }
        return kept.utf8.count == code.utf8.count ? .same : .longer
    }

    enum Relation {
        case same, longer, unrelated
    }
}
