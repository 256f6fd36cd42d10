import Synchronization

/// Carries a stream's `GrowingTableLayout` through one layout of its unfinished tail, where its growing
/// table extends the rows it reuses in place (`DocumentLayout.growing`). Made for that one layout and
/// dropped after it (`DocumentLayout.provisionalLines`), so that layout keeps nothing of a stream.
final class GrowingTablePass: Sendable {
    private let table: Mutex<GrowingTableLayout>

    init() {
        table = Mutex(GrowingTableLayout())
    }

    /// Swaps the table it carries with `other` (moved, not copied, so that its rows change in place).
    func exchange(_ other: inout GrowingTableLayout) {
        table.withLock { swap(&$0, &other) }
    }

    /// `body` given the rows of the growing table.
    func withTable<Result: Sendable>(_ body: (inout GrowingTableLayout) -> Result) -> Result {
        table.withLock { body(&$0) }
    }
}

extension DocumentLayout {
    /// `lines(for: document)` for a stream's unfinished tail, its growing table laid out reusing the rows
    /// in `table`, which then holds the rows to reuse at the next redraw: they go in and come back out as
    /// a value, moved rather than copied, and nothing else outlives the call.
    static func provisionalLines(
        for document: Document, options: LayoutOptions, resources: ResolvedResources,
        reusing table: inout GrowingTableLayout
    ) -> [StyledLine] {
        let pass = GrowingTablePass()
        pass.exchange(&table)
        let lines = DocumentLayout(options: options, resources: resources, listDepth: 0, growing: pass).lines(
            for: document)
        pass.exchange(&table)
        return lines
    }
}
