import Synchronization

/// What the layout of a stream's unfinished tail reuses from the last redraw's: the rows of its growing
/// code block (`GrowingCodeRows`) and of its growing table (`GrowingTableLayout`). A value, held by the
/// stream's open-block state between redraws: it goes into `DocumentLayout.provisionalLines` and the
/// extended rows come back out, so that layout keeps nothing of a stream.
struct GrowingRows: Sendable {
    var code = GrowingCodeRows()
    var table = GrowingTableLayout()
    /// The code the stream read straight from the source for its open fence, and its lineage: a block with
    /// exactly this code is that fence, whose rows are reused without comparing its code with the kept one.
    var openCode: (code: String, lineage: Int)?

    /// The lineage of `code` when it is the open fence's code (the same text, told at once when it is the
    /// same string, as it is when it comes from that reading).
    func lineage(of code: String) -> Int? {
        guard let openCode, openCode.code.utf8.count == code.utf8.count, openCode.code == code else { return nil }
        return openCode.lineage
    }
}

/// Carries `GrowingRows` through one layout of a stream's unfinished tail, where its code blocks and tables
/// extend the rows they reuse in place (`DocumentLayout.growing`). Made
/// for that one layout and dropped after it (`DocumentLayout.provisionalLines`).
final class GrowingRowsPass: Sendable {
    private let rows: Mutex<GrowingRows>

    init() {
        rows = Mutex(GrowingRows())
    }

    /// Swaps the rows it carries with `other` (moved, not copied, so that they change in place).
    func exchange(_ other: inout GrowingRows) {
        rows.withLock { swap(&$0, &other) }
    }

    /// `body` given the rows of the growing code block, and the lineage of `code` (see `GrowingRows`).
    func withCode<Result: Sendable>(_ body: (inout GrowingCodeRows, Int?) -> Result, code: String) -> Result {
        rows.withLock { rows in body(&rows.code, rows.lineage(of: code)) }
    }

    /// `body` given the rows of the growing table.
    func withTable<Result: Sendable>(_ body: (inout GrowingTableLayout) -> Result) -> Result {
        rows.withLock { body(&$0.table) }
    }
}

extension DocumentLayout {
    /// `lines(for: document)` for a stream's unfinished tail, its growing code block and table laid out
    /// reusing the rows in `rows`, which then hold the rows to reuse at the next redraw: the rows go in
    /// and come back out as a value, moved rather than copied, and nothing else outlives the call.
    static func provisionalLines(
        for document: Document, options: LayoutOptions, resources: ResolvedResources, reusing rows: inout GrowingRows
    ) -> [StyledLine] {
        let pass = GrowingRowsPass()
        pass.exchange(&rows)
        let lines = DocumentLayout(options: options, resources: resources, listDepth: 0, growing: pass).lines(
            for: document)
        pass.exchange(&rows)
        rows.openCode = nil
        return lines
    }
}
