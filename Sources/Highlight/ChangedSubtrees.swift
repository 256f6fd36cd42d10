import CTreeSitter
import HighlightQuery

/// Where a growing block's new tree differs from the last one, for matching the query again only there.
///
/// Every match starts at one node and lies inside that node's subtree, so a subtree the new tree shares
/// with the old one (tree-sitter reused it, unchanged, at the same place) has the same matches as
/// before. Starting at the roots, while the new node and the old one at the same place are both of a
/// type at which no match can start (`CompiledQuery.startsNoMatch`), their children are compared from
/// the end: the children both trees share are kept, the first that differs is descended into, and the
/// ones after it are matched again whole. Everything kept lies before `start`, everything matched again
/// from `start` on, so the old tokens before `start` stay exactly right.
///
/// A node whose matches each go through a single child (`CompiledQuery.matchesEachChildAlone`: a JSON
/// array's `(array (string) @string)`) is descended into too, but stays in the forest matched again,
/// pruned to its changed children (`pruned`): its matches through the children kept are the ones found
/// before, and those through the changed children are found again.
struct ChangedSubtrees {
    /// The subtrees of the new tree to match again.
    var roots: [TSNode] = []
    /// Nodes matched again with only some of their children, from the top: each holds its children from
    /// `from` on, the first of which is the next level's node (the last level's are all whole).
    var pruned: [FlatTree.PrunedLevel] = []
    /// Bytes before this keep their old tokens.
    var start = 0

    /// The whole tree under `root`, matched again in full.
    init(whole root: TSNode) {
        roots = [root]
    }

    /// `oldEnd`: where the old tree's text ended; what follows were closers appended to parse it
    /// (`OpenBrackets`), whose tokens were cut off, so no node reaching past it is kept.
    init(old: TSNode, new: TSNode, query: CompiledQuery, oldEnd: Int) {
        var old = old
        var new = new
        while true {
            let noMatch = Self.startsNoMatch(old, query) && Self.startsNoMatch(new, query)
            // A node matched again pruned must be the same node grown: the same type at the same place.
            let eachChild =
                noMatch
                || (Self.matchesEachChildAlone(new, query) && ts_node_symbol(new) == ts_node_symbol(old)
                    && ts_node_start_byte(new) == ts_node_start_byte(old))
            guard eachChild else { break }
            let newCount = ts_node_child_count(new)
            let oldCount = ts_node_child_count(old)
            // Children both trees share form a prefix (the block only grew at its end): find where it ends,
            // from the end, where the changes are.
            // (`ts_node_child` walks the children from the first at every call: each is read once.)
            var first = min(newCount, oldCount)
            var differing: (new: TSNode, old: TSNode)?
            while first > 0 {
                let pair = (new: ts_node_child(new, first - 1), old: ts_node_child(old, first - 1))
                if Self.isSame(pair.new, pair.old, oldEnd: oldEnd) {
                    start = Int(ts_node_end_byte(pair.new))
                    break
                }
                differing = pair
                first -= 1
            }
            if !noMatch || !pruned.isEmpty {
                pruned.append(FlatTree.PrunedLevel(node: new, from: first))
                guard first < newCount, first < oldCount else { return }
            } else {
                guard first < newCount else { return }
                var later = first + 1
                while later < newCount {
                    roots.append(ts_node_child(new, later))
                    later += 1
                }
                guard first < oldCount else {
                    roots.append(ts_node_child(new, first))
                    return
                }
            }
            (new, old) = differing ?? (ts_node_child(new, first), ts_node_child(old, first))
        }
        // `new` is matched again whole: under the last pruned node (as its first child kept), or alone.
        if pruned.isEmpty { roots.append(new) }
        start = min(start, Int(ts_node_start_byte(new)), Int(ts_node_start_byte(old)))
    }

    private static func startsNoMatch(_ node: TSNode, _ query: CompiledQuery) -> Bool {
        query.startsNoMatch(symbol: ts_node_symbol(node), named: ts_node_is_named(node))
    }

    private static func matchesEachChildAlone(_ node: TSNode, _ query: CompiledQuery) -> Bool {
        query.matchesEachChildAlone(symbol: ts_node_symbol(node), named: ts_node_is_named(node))
    }

    /// Whether both nodes have the same matches: they are the same subtree (`isShared`), or tree-sitter
    /// built the new one again over the same text, of the same type, at the same place, with children
    /// that are each the same under the same field. tree-sitter rebuilds a node whose first token might
    /// be a keyword (a method named by an identifier, a statement starting with one) even where it reuses
    /// everything under it, so without this every such item after the change would be matched again.
    private static func isSame(_ new: TSNode, _ old: TSNode, oldEnd: Int) -> Bool {
        if isShared(new, old, oldEnd: oldEnd) { return true }
        let count = ts_node_child_count(new)
        guard ts_node_end_byte(old) <= oldEnd, ts_node_symbol(new) == ts_node_symbol(old),
            ts_node_start_byte(new) == ts_node_start_byte(old), ts_node_end_byte(new) == ts_node_end_byte(old),
            ts_node_is_named(new) == ts_node_is_named(old), ts_node_is_extra(new) == ts_node_is_extra(old),
            ts_node_is_missing(new) == ts_node_is_missing(old), ts_node_has_error(new) == ts_node_has_error(old),
            count == ts_node_child_count(old)
        else { return false }
        guard count > 0 else { return true }
        var newChildren = ts_tree_cursor_new(new)
        var oldChildren = ts_tree_cursor_new(old)
        defer {
            ts_tree_cursor_delete(&newChildren)
            ts_tree_cursor_delete(&oldChildren)
        }
        guard ts_tree_cursor_goto_first_child(&newChildren), ts_tree_cursor_goto_first_child(&oldChildren) else {
            return false
        }
        while true {
            guard
                ts_tree_cursor_current_field_id(&newChildren) == ts_tree_cursor_current_field_id(&oldChildren),
                isSame(
                    ts_tree_cursor_current_node(&newChildren), ts_tree_cursor_current_node(&oldChildren), oldEnd: oldEnd
                )
            else { return false }
            let newNext = ts_tree_cursor_goto_next_sibling(&newChildren)
            guard newNext == ts_tree_cursor_goto_next_sibling(&oldChildren) else { return false }
            if !newNext { return true }
        }
    }

    /// Whether both nodes are the same subtree at the same place. A `TSNode`'s `id` points at its
    /// `Subtree`: an inline leaf's packed data (type, size, state) or a pointer to shared heap data that
    /// is immutable once shared (an edit copies before it changes anything), so equal values are the same
    /// subtree; the old tree is alive while they are compared, so a pointer cannot have been reused.
    private static func isShared(_ new: TSNode, _ old: TSNode, oldEnd: Int) -> Bool {
        guard let newID = new.id, let oldID = old.id, ts_node_end_byte(old) <= oldEnd else { return false }
        return newID.loadUnaligned(as: UInt64.self) == oldID.loadUnaligned(as: UInt64.self)
            && ts_node_start_byte(new) == ts_node_start_byte(old) && ts_node_end_byte(new) == ts_node_end_byte(old)
            && ts_node_symbol(new) == ts_node_symbol(old)
    }
}
