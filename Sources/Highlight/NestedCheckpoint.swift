import CTreeSitter
import HighlightQuery

/// A cut inside a growing block: complete items of a long repetition below the top level (a class's
/// methods, a JSON array's elements, a long function's statements) that later parses leave out.
///
/// `TailCheckpoint` keeps a growing block's reparses small by parsing only its last few top-level items;
/// a block that is one long item (a class streamed a method at a time) gains nothing from it, and
/// tree-sitter's own reparse after an append costs a good part of a fresh parse of that item at every
/// line. Leaving the repetition's earlier items out of the text parsed keeps the reparse as small as
/// the last few items there too. The text parsed then reads like the same container holding only its
/// last items, which gives the same tree for them as the whole block's where:
/// - the items cut are complete and free of errors (an error may follow them: the container's closing
///   bracket, missing while the block grows);
/// - the first item cut and the first item kept start lines at the same column;
/// - no query match that starts at the container or a node above it can look as deep as the items
///   (`CompiledQuery.reach`), so no match sees which items are there.
/// A provisional redraw is what this serves; a block that streamed to its end takes the tokens found
/// this way, which tests compare with a fresh highlight at every line in many languages.
struct NestedCheckpoint {
    /// The items cut, in the text parsed: from the container's first item to the item kept from.
    let cut: Range<Int>

    /// The cut in `tree` (the parse of `code`), or nil if there is none to make. With `spineLength`
    /// (the text parsed already has a hole ending there), only a cut that extends the hole is made: one
    /// whose container's first item starts where the hole ends.
    init?(tree: OpaquePointer, code: UnsafeBufferPointer<UInt8>, query: CompiledQuery, spineLength: Int?) {
        let root = ts_tree_root_node(tree)
        let firstError = Self.firstError(in: root)
        // The nodes that end with the block, from the top.
        var path = [root]
        while true {
            let node = path[path.count - 1]
            let count = ts_node_child_count(node)
            guard count > 0 else { break }
            // The last child, less a closing bracket missing while the block grows or appended to close it,
            // and at the top, comments after it (tree-sitter hangs a comment after a statement's last item
            // on the root: an SQL `INSERT` whose rows each end in one; below the top, where a comment is
            // the container's own last item, looking past it would only lengthen the path)
            // (`ts_node_child` walks the children from the first at every call: each is read once).
            let skipsComments = path.count == 1
            var index = count - 1
            var last = ts_node_child(node, index)
            while index > 0,
                ts_node_is_missing(last) || ts_node_start_byte(last) >= code.count
                    || (skipsComments && ts_node_is_extra(last))
            {
                index -= 1
                last = ts_node_child(node, index)
            }
            guard !Self.isError(last), !ts_node_is_missing(last) else { break }
            path.append(last)
        }
        // How deep a match starting at each node of the path may look (nil: anywhere), read once.
        let reaches = path.map { query.reach(symbol: ts_node_symbol($0), named: ts_node_is_named($0)) }
        // The deepest container first.
        var depth = path.count
        while depth > 1 {
            depth -= 1
            guard Self.itemsUnseen(below: depth, reaches: reaches) else { continue }
            if let cut = Self.cut(in: path[depth], code: code, spineLength: spineLength),
                firstError.map({ $0 >= cut.upperBound }) ?? true
            {
                self.cut = cut
                return
            }
        }
        return nil
    }

    /// The first byte of the first error or missing node under `node`, or nil if it has none. Walks
    /// down one cursor, through the first child with an error at each level (`ts_node_child` would walk
    /// the children from the first again for every index).
    static func firstError(in node: TSNode) -> Int? {
        guard ts_node_has_error(node) else { return nil }
        var cursor = ts_tree_cursor_new(node)
        defer { ts_tree_cursor_delete(&cursor) }
        var current = node
        while !isError(current), !ts_node_is_missing(current), ts_tree_cursor_goto_first_child(&cursor) {
            var child = ts_tree_cursor_current_node(&cursor)
            while !ts_node_has_error(child) {
                guard ts_tree_cursor_goto_next_sibling(&cursor) else { return Int(ts_node_start_byte(current)) }
                child = ts_tree_cursor_current_node(&cursor)
            }
            current = child
        }
        return Int(ts_node_start_byte(current))
    }

    /// Whether no match starting at the container at `depth` on the path or a node above it looks as
    /// deep as the container's children (`reaches`: how deep a match at each node of the path looks).
    private static func itemsUnseen(below depth: Int, reaches: [Int?]) -> Bool {
        for (level, reach) in reaches[...depth].enumerated() {
            guard let reach, reach < depth + 1 - level else { return false }
        }
        return true
    }

    /// The items of `container` to cut: from its first item to the item `itemsKept` before its last.
    private static func cut(in container: TSNode, code: UnsafeBufferPointer<UInt8>, spineLength: Int?) -> Range<Int>? {
        let count = ts_node_child_count(container)
        guard count > UInt32(TailCheckpoint.itemsPerTail) else { return nil }
        // Through a cursor: `ts_node_child` walks the children from the first on every call.
        var items: [TSNode] = []
        var cursor = ts_tree_cursor_new(container)
        defer { ts_tree_cursor_delete(&cursor) }
        if ts_tree_cursor_goto_first_child(&cursor) {
            repeat {
                let child = ts_tree_cursor_current_node(&cursor)
                // A missing value after a trailing comma is no item.
                if ts_node_is_named(child), !ts_node_is_extra(child), !ts_node_is_missing(child) { items.append(child) }
            } while ts_tree_cursor_goto_next_sibling(&cursor)
        }
        guard items.count > TailCheckpoint.itemsPerTail else { return nil }
        let kept = items[items.count - 1 - TailCheckpoint.itemsKept]
        let end = Int(ts_node_start_byte(kept))
        let column = ts_node_start_point(kept).column
        guard end < code.count, startsLine(at: end, in: code) else { return nil }
        // The first item at the kept one's column that starts a line (an HTML element's start tag
        // before its children stays, and an SQL `INSERT`'s words before its rows), with more than
        // `itemsPerTail` items from it on: the items before it would make every line look long enough.
        guard
            let firstIndex = items.firstIndex(where: {
                ts_node_start_point($0).column == column && startsLine(at: Int(ts_node_start_byte($0)), in: code)
            }), items.count - firstIndex > TailCheckpoint.itemsPerTail
        else { return nil }
        let start = Int(ts_node_start_byte(items[firstIndex]))
        guard start < end, spineLength == nil || spineLength == start else { return nil }
        return start..<end
    }

    /// Whether `node` is an `ERROR` node (libtree-sitter 0.20 has no `ts_node_is_error`).
    private static func isError(_ node: TSNode) -> Bool { ts_node_symbol(node) == TSSymbol.max }

    /// Whether only spaces and tabs precede `offset` on its line.
    private static func startsLine(at offset: Int, in code: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = offset
        while index > 0 {
            let byte = code[index - 1]
            if byte == 0x0A { return true }
            guard byte == 0x20 || byte == 0x09 else { return false }
            index -= 1
        }
        return false
    }
}
