import CTreeSitter
import HighlightQuery

/// A place in a growing block from which on it can be parsed alone: the start of one of the last
/// top-level items, once enough complete items lie before it.
///
/// tree-sitter's reparse after an append is not proportional to the appended text: it rebuilds the
/// balanced tree of a long repetition (a file's top-level items), which costs a fraction of a fresh parse
/// of the whole block at every line. Parsing only the block's tail, from the start of a recent
/// top-level item, keeps every reparse as small as the last few items. That is the same tree as the
/// whole block's where the item starts at the left margin of a line, the items before it are complete
/// and free of errors, and no match can start at the top-level node (which would see the items before).
/// A provisional redraw is all this serves: final blocks are highlighted from scratch.
struct TailCheckpoint {
    /// Offset in the tail parsed (the code `tree` covers) where the next tail starts.
    let offset: Int

    /// Top-level items a tail may hold before a checkpoint moves it on.
    static let itemsPerTail = 8
    /// Complete items kept in front of the last one, in case the next lines still attach to them.
    static let itemsKept = 2

    /// The checkpoint in `tree` (the parse of `code`), or nil while the tail is short or unsettled.
    init?(tree: OpaquePointer, code: UnsafeBufferPointer<UInt8>, query: CompiledQuery) {
        let root = ts_tree_root_node(tree)
        // An error anywhere may still be resolved by lines to come, in ways that reach back.
        guard query.startsNoMatch(symbol: ts_node_symbol(root), named: ts_node_is_named(root)),
            !ts_node_has_error(root)
        else { return nil }
        let count = ts_node_child_count(root)
        guard count > UInt32(Self.itemsPerTail) else { return nil }
        // The start of the item `itemsKept` items before the last one: comments and other extras do not
        // count, nor anonymous children (the `;` after an SQL statement, the line feed after a Dockerfile
        // instruction), which do not start a line.
        var index = count
        var items = 0
        var item = TSNode()
        while index > 0, items <= Self.itemsKept {
            index -= 1
            item = ts_node_child(root, index)
            if !ts_node_is_extra(item), ts_node_is_named(item) { items += 1 }
        }
        guard items > Self.itemsKept, index > 0 else { return nil }
        let start = Int(ts_node_start_byte(item))
        guard start > 0, start < code.count, code[start - 1] == 0x0A, ts_node_start_point(item).column == 0,
            !ts_node_is_extra(item)
        else { return nil }
        offset = start
    }
}
