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
/// take the rows they reuse out of it and put the extended ones back (`DocumentLayout.growing`). Made
/// for that one layout and dropped after it (`DocumentLayout.provisionalLines`).
final class GrowingRowsPass: Sendable {
    private let rows: Mutex<GrowingRows>

    init(_ rows: GrowingRows) {
        self.rows = Mutex(rows)
    }

    /// `body` given the rows of the growing code block, taken out while it runs so that they change in place.
    func withCode<Result>(_ body: (inout GrowingCodeRows, Int?) -> Result, code: String) -> Result {
        var (taken, lineage) = rows.withLock { rows in
            defer { rows.code = GrowingCodeRows() }
            return (rows.code, rows.lineage(of: code))
        }
        defer { rows.withLock { [taken] in $0.code = taken } }
        return body(&taken, lineage)
    }

    /// `body` given the rows of the growing table, taken out while it runs so that they change in place.
    func withTable<Result>(_ body: (inout GrowingTableLayout) -> Result) -> Result {
        var taken = rows.withLock { rows in
            defer { rows.table = GrowingTableLayout() }
            return rows.table
        }
        defer { rows.withLock { [taken] in $0.table = taken } }
        return body(&taken)
    }

    /// The rows as the layout left them, taken out (so that the caller holds the only copy).
    func take() -> GrowingRows {
        rows.withLock { rows in
            defer { rows = GrowingRows() }
            return rows
        }
    }
}

extension DocumentLayout {
    /// `lines(for: document)` for a stream's unfinished tail, its growing code block and table laid out
    /// reusing the rows in `previous`, and the rows to reuse at the next redraw: the rows go in and come
    /// back as values, and nothing outlives the call.
    static func provisionalLines(
        for document: Document, options: LayoutOptions, resources: ResolvedResources, reusing previous: GrowingRows
    ) -> (lines: [StyledLine], rows: GrowingRows) {
        let pass = GrowingRowsPass(previous)
        let lines = DocumentLayout(options: options, resources: resources, listDepth: 0, growing: pass).lines(
            for: document)
        var rows = pass.take()
        rows.openCode = nil
        return (lines, rows)
    }
}
