import CTreeSitter

/// A syntax tree copied, in one walk, into flat arrays indexed by node number (pre-order): each node's
/// type key, whether it is named, the field it sits in, its byte range, and its children as a
/// contiguous list.
///
/// Matching a query looks at a node's children again and again; walking them through libtree-sitter's
/// cursor each time cost over 40% of matching. Here a child list is a slice of an array.
public final class FlatTree {
    /// One node as matching sees it.
    struct Node {
        var key: Int32
        var start: Int32
        var end: Int32
        var parent: Int32
        var field: UInt16
        var named: Bool
    }

    let count: Int

    /// How many nodes were copied (each is tried as the start of a match).
    public var nodeCount: Int { count }
    let nodes: UnsafeMutablePointer<Node>
    /// Children of node `n`: `children[childStarts[n] ..< childStarts[n + 1]]`.
    let childStarts: UnsafeMutablePointer<Int32>
    let children: UnsafeMutablePointer<Int32>

    /// Copies the tree under `root`, asking `keepGoing` every few thousand nodes; nil when it says stop.
    /// `expectedCount` sizes the buffers up front.
    public convenience init?(root: TSNode, symbols: GrammarSymbols, expectedCount: Int, keepGoing: () -> Bool) {
        self.init(roots: [root], symbols: symbols, expectedCount: expectedCount, keepGoing: keepGoing)
    }

    /// Copies the subtrees under `roots`, one after the other, as a forest (each root without a parent):
    /// matching then finds exactly the matches that start at a node of one of these subtrees.
    public convenience init?(roots: [TSNode], symbols: GrammarSymbols, expectedCount: Int, keepGoing: () -> Bool) {
        var nodes: [Node] = []
        nodes.reserveCapacity(expectedCount)
        for root in roots {
            guard Self.append(root, to: &nodes, symbols: symbols, keepGoing: keepGoing) else { return nil }
        }
        self.init(nodes: nodes)
    }

    private static func node(_ node: TSNode, parent: Int32, field: UInt16, symbols: GrammarSymbols) -> Node {
        Node(
            key: symbols.key(ofSymbol: ts_node_symbol(node)),
            start: Int32(truncatingIfNeeded: ts_node_start_byte(node)),
            end: Int32(truncatingIfNeeded: ts_node_end_byte(node)),
            parent: parent, field: field, named: ts_node_is_named(node))
    }

    /// Appends the subtree under `root` in pre-order, `root` as a child of `parent` in `field` (or, by
    /// default, as a tree of its own); false when `keepGoing` says stop.
    private static func append(
        _ root: TSNode, parent rootParent: Int32 = -1, field rootField: UInt16 = 0, to nodes: inout [Node],
        symbols: GrammarSymbols, keepGoing: () -> Bool
    ) -> Bool {
        var cursor = ts_tree_cursor_new(root)
        defer { ts_tree_cursor_delete(&cursor) }
        var ancestors: [Int32] = []
        func add(parent: Int32) {
            nodes.append(
                Self.node(
                    ts_tree_cursor_current_node(&cursor), parent: parent,
                    field: ts_tree_cursor_current_field_id(&cursor), symbols: symbols))
        }
        // A cursor started at a node does not know the alias its parent gives it: the root is `root` as
        // given (from its parent's cursor where it has one).
        nodes.append(Self.node(root, parent: rootParent, field: rootField, symbols: symbols))
        var current = Int32(nodes.count - 1)
        walk: while true {
            if nodes.count & 4095 == 0, !keepGoing() { return false }
            if ts_tree_cursor_goto_first_child(&cursor) {
                ancestors.append(current)
            } else {
                while !ts_tree_cursor_goto_next_sibling(&cursor) {
                    guard ts_tree_cursor_goto_parent(&cursor), let parent = ancestors.popLast() else { break walk }
                    current = parent
                }
            }
            current = Int32(nodes.count)
            add(parent: ancestors[ancestors.count - 1])
        }
        return true
    }

    private init(nodes: [Node]) {
        count = nodes.count
        // Pre-order lists siblings in order, so a counting sort by parent keeps each child list in order.
        let childStarts = UnsafeMutablePointer<Int32>.allocate(capacity: count + 1)
        childStarts.initialize(repeating: 0, count: count + 1)
        for node in nodes where node.parent >= 0 { childStarts[Int(node.parent) + 1] += 1 }
        for index in 0..<count { childStarts[index + 1] += childStarts[index] }
        let filled = UnsafeMutablePointer<Int32>.allocate(capacity: count)
        filled.initialize(from: childStarts, count: count)
        let children = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, count - 1))
        for (index, node) in nodes.enumerated() where node.parent >= 0 {
            children[Int(filled[Int(node.parent)])] = Int32(index)
            filled[Int(node.parent)] += 1
        }
        filled.deallocate()
        let copy = UnsafeMutablePointer<Node>.allocate(capacity: max(1, nodes.count))
        nodes.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { copy.initialize(from: base, count: buffer.count) }
        }
        self.nodes = copy
        self.childStarts = childStarts
        self.children = children
    }

    deinit {
        nodes.deallocate()
        childStarts.deallocate()
        children.deallocate()
    }
}
