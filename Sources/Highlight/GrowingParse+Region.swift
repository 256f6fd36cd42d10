import CTreeSitter
import HighlightQuery

/// Where a growing block's next parses start (`TailCheckpoint`, `NestedCheckpoint`), a moved region's
/// first parse, points in a region's text, and how a block relates to the one kept.
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

    /// `region`'s text of `code` (the code shown, to where the text parsed was cut) parsed afresh, closed
    /// where `closing` and its brackets allow, for a region that moved: parsed once so, and extended from
    /// then on. Its brackets are read again (what was cut held complete items). Nil when the parse timed
    /// out, or the items before the hole's end do not parse as they did.
    static func parse(
        _ code: UnsafeBufferPointer<UInt8>, in region: ParsedRegion, closing: Bool, language: LoadedLanguage,
        budget: CPUBudget, parser: OpaquePointer
    ) -> (tree: OpaquePointer, closedBy: [UInt8], end: TSPoint, brackets: OpenBrackets)? {
        var brackets = OpenBrackets(language: language.descriptor.id)
        region.scan(code, into: &brackets)
        let closers = closing ? brackets.suffix ?? [] : []
        return region.withText(of: code, closers: closers) { closed in
            let text = UnsafeBufferPointer(rebasing: closed[..<(closed.count - closers.count)])
            let end = point(after: text, from: nil)
            guard
                let (tree, closedBy) = parse(
                    closed, closers: closers, end: end, language: language, oldTree: nil, budget: budget,
                    parser: parser)
            else { return nil }
            // The items before the hole's end must parse as they did (without errors): an error may only
            // follow them, as a closing bracket missing while the block grows does.
            if let spine = region.spineLength, let error = NestedCheckpoint.firstError(in: ts_tree_root_node(tree)),
                error < spine
            {
                ts_tree_delete(tree)
                return nil
            }
            return (tree, closedBy, end, brackets)
        }
    }

    /// The row and byte column of byte `offset` of `code` (after the region's hole, if any), given the
    /// point at its end (`end`): a hole ends where a line's indentation does, so the column counted in
    /// the code is the region's too.
    static func point(of offset: Int, in code: UnsafeBufferPointer<UInt8>, ending end: TSPoint) -> TSPoint {
        var rows: UInt32 = 0
        for index in offset..<code.count where code[index] == 0x0A { rows += 1 }
        var lineStart = offset
        while lineStart > 0, code[lineStart - 1] != 0x0A { lineStart -= 1 }
        return TSPoint(row: end.row - rows, column: UInt32(offset - lineStart))
    }

    /// The row and byte column at the end of `code`, in a region's text: counted from the end of the
    /// kept code (`kept`: its length and end point; `code` extends it) when given (a hole ends where a
    /// line's indentation does, so a column after it is the same in the region's text as in the code).
    static func point(after code: UnsafeBufferPointer<UInt8>, from kept: (count: Int, end: TSPoint)?) -> TSPoint {
        var row: UInt32 = kept?.end.row ?? 0
        let from = kept?.count ?? 0
        var lineStart = from - Int(kept?.end.column ?? 0)
        for index in from..<code.count where code[index] == 0x0A {
            row += 1
            lineStart = index + 1
        }
        return TSPoint(row: row, column: UInt32(code.count - lineStart))
    }
}
