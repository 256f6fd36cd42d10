import CTreeSitter

/// Finds the matches of a `HighlightQuery` in a syntax tree, with tree-sitter's query semantics.
///
/// Every node is tried against the patterns whose top node could be its type. A node pattern's
/// children match the node's children in order, skipping any children in between; an anchor `.`
/// allows skipping only anonymous nodes (and at the start or end of a child list pins the first or last
/// named child). A field (`name: (…)`) requires the child to sit in that field. Quantified children
/// repeat over consecutive siblings. Each way a pattern fits is one match, handed over with its
/// captures once its predicates hold.
///
/// One matcher serves one tree on one thread; it reuses its scratch space between matches.
final class QueryMatcher {
    /// A child of a node as matching sees it.
    private struct Child {
        var node: TSNode
        var field: UInt16
        var key: Int32
        var named: Bool
    }

    private let query: HighlightQuery
    private let program: MatchProgram
    // The program's buffers, held directly: reaching them through `program` in the hot loops would
    // retain and release it at every step.
    private let elements: UnsafeMutablePointer<MatchElement>
    private let itemPool: UnsafeMutablePointer<Int32>
    private let alternatives: UnsafeMutablePointer<Int32>
    private let captureIDs: UnsafeMutablePointer<UInt32>
    private let negatedFields: UnsafeMutablePointer<UInt16>
    private let symbols: GrammarSymbols
    private let code: UnsafeBufferPointer<UInt8>
    /// Scratch space: the captures of the match being built and the children lists of the nodes
    /// being matched, both as stacks. Kept behind a pointer, not in stored properties, because every
    /// access to a class's stored `var` costs a dynamic exclusivity check in the inner loops.
    private let scratch: UnsafeMutablePointer<Scratch>
    private static let stepsPerAttempt = 20_000

    private struct Scratch {
        var captures: Stack<TSQueryCapture>
        var children: Stack<Child>
        /// Steps left for the current top-level attempt; bounds the work a pathological tree can cause.
        var steps = 0
        /// Walks a node's children (see `children(of:)`).
        var cursor: TSTreeCursor
    }

    init(query: HighlightQuery, code: UnsafeBufferPointer<UInt8>, root: TSNode) {
        self.query = query
        self.program = query.program
        self.elements = program.elements.baseAddress!
        self.itemPool = program.items.baseAddress!
        self.alternatives = program.alternatives.baseAddress!
        self.captureIDs = program.captures.baseAddress!
        self.negatedFields = program.negatedFields.baseAddress!
        self.symbols = query.symbols
        self.code = code
        scratch = .allocate(capacity: 1)
        scratch.initialize(to: Scratch(
            captures: Stack(capacity: 32), children: Stack(capacity: 256), cursor: ts_tree_cursor_new(root)))
    }

    deinit {
        ts_tree_cursor_delete(&scratch.pointee.cursor)
        scratch.pointee.captures.deallocate()
        scratch.pointee.children.deallocate()
        scratch.deinitialize(count: 1)
        scratch.deallocate()
    }

    /// Calls `body` with each match's pattern index and captures, in tree order. Returns false when
    /// `keepGoing` (asked every few hundred nodes) says to stop.
    func forEachMatch(
        in root: TSNode, keepGoing: () -> Bool,
        _ body: (_ pattern: Int, _ captures: UnsafeBufferPointer<TSQueryCapture>) -> Void
    ) -> Bool {
        var cursor = ts_tree_cursor_new(root)
        defer { ts_tree_cursor_delete(&cursor) }
        var visited = 0
        while true {
            visited += 1
            if visited & 511 == 0, !keepGoing() { return false }
            visit(ts_tree_cursor_current_node(&cursor), body)
            if ts_tree_cursor_goto_first_child(&cursor) { continue }
            while !ts_tree_cursor_goto_next_sibling(&cursor) {
                guard ts_tree_cursor_goto_parent(&cursor) else { return true }
            }
        }
    }

    /// Calls `body` with each match at `node` itself, not below it.
    func forEachMatch(at node: TSNode, _ body: (_ pattern: Int, _ captures: UnsafeBufferPointer<TSQueryCapture>) -> Void) {
        visit(node, body)
    }

    private func visit(_ node: TSNode, _ body: (Int, UnsafeBufferPointer<TSQueryCapture>) -> Void) {
        let key = symbols.key(ofSymbol: ts_node_symbol(node))
        let named = ts_node_is_named(node)
        let this = Child(node: node, field: 0, key: key, named: named)
        let program = program
        func attempt(_ pattern: Int32) {
            scratch.pointee.steps = Self.stepsPerAttempt
            matchElement(program.roots[Int(pattern)], this) { emit(Int(pattern), body) }
        }
        if key >= 0 {
            for index in program.keyStarts[Int(key)]..<program.keyStarts[Int(key) + 1] {
                let entry = program.entriesByKey[Int(index)]
                let mark = push(entry.outerCaptures, node)
                if entry.isLeaf {
                    // The type matched already: no need to go through the general matcher.
                    _ = push(elements[Int(entry.element)].captures, node)
                    emit(Int(entry.pattern), body)
                } else {
                    scratch.pointee.steps = Self.stepsPerAttempt
                    matchElement(entry.element, this) { emit(Int(entry.pattern), body) }
                }
                scratch.pointee.captures.count = mark
            }
        }
        if named { for pattern in program.anyNamedRootPatterns { attempt(pattern) } }
        for pattern in program.anyRootPatterns { attempt(pattern) }
        if !program.siblingPatterns.isEmpty, ts_node_child_count(node) > 0 {
            let children = children(of: node)
            defer { scratch.pointee.children.count = Int(children.start) }
            for pattern in program.siblingPatterns {
                let group = elements[Int(program.roots[Int(pattern)])]
                scratch.pointee.steps = Self.stepsPerAttempt
                matchSequence(group.items, 0, children, 0, anchored: false) { _ in emit(Int(pattern), body) }
            }
        }
    }

    private func emit(_ pattern: Int, _ body: (Int, UnsafeBufferPointer<TSQueryCapture>) -> Void) {
        let captures = scratch.pointee.captures
        if program.hasPredicates[pattern] {
            for predicate in query.patterns[pattern].predicates
            where !predicate.holds(captures: captures.base, count: captures.count, code: code) {
                return
            }
        }
        body(pattern, UnsafeBufferPointer(start: captures.base, count: captures.count))
    }

    // MARK: Matching

    /// Matches element `index` against one node and calls `next` for each way it fits.
    private func matchElement(_ index: Int32, _ child: Child, _ next: () -> Void) {
        scratch.pointee.steps -= 1
        guard scratch.pointee.steps > 0 else { return }
        let element = elements[Int(index)]
        switch element.shape {
        case .node:
            switch element.key {
            case MatchProgram.anyKey: break
            case MatchProgram.anyNamedKey: guard child.named else { return }
            default: guard child.key == element.key else { return }
            }
            for offset in 0..<Int(element.negatedFields.count) {
                let field = negatedFields[Int(element.negatedFields.start) + offset]
                if !ts_node_is_null(ts_node_child_by_field_id(child.node, field)) { return }
            }
            let mark = push(element.captures, child.node)
            defer { scratch.pointee.captures.count = mark }
            if element.items.count == 0 {
                next()
            } else {
                let children = children(of: child.node)
                defer { scratch.pointee.children.count = Int(children.start) }
                matchSequence(element.items, 0, children, 0, anchored: false) { _ in next() }
            }
        case .alternation:
            let mark = push(element.captures, child.node)
            defer { scratch.pointee.captures.count = mark }
            for offset in 0..<Int(element.alternatives.count) {
                matchElement(alternatives[Int(element.alternatives.start) + offset], child, next)
            }
        case .group:
            return  // a group spans siblings; `matchAt` handles it
        }
    }

    /// Matches the sequence `items` from its `index`th item against the `children` frame from
    /// `position`; `next` receives the position after the last child used. `anchored`: no named child
    /// may be skipped before the next element.
    private func matchSequence(
        _ items: Span, _ index: Int32, _ children: Span, _ position: Int32, anchored: Bool,
        _ next: (Int32) -> Void
    ) {
        scratch.pointee.steps -= 1
        guard scratch.pointee.steps > 0 else { return }
        guard index < items.count else { return next(position) }
        let item = itemPool[Int(items.start + index)]
        if item == MatchProgram.anchor {
            if index == items.count - 1 {
                // Trailing anchor: the last element matched the last named child.
                for later in position..<children.count where scratch.pointee.children.base[Int(children.start + later)].named { return }
                next(position)
            } else {
                matchSequence(items, index + 1, children, position, anchored: true, next)
            }
            return
        }
        let quantifier = elements[Int(item)].quantifier
        if quantifier.allowsZero {
            matchSequence(items, index + 1, children, position, anchored: anchored, next)
        }
        var candidate = position
        while candidate < children.count {
            matchAt(item, children, candidate) { end in
                if quantifier.allowsMany {
                    repeatMatches(item, items, index, children, end, next)
                } else {
                    matchSequence(items, index + 1, children, end, anchored: false, next)
                }
            }
            if anchored, scratch.pointee.children.base[Int(children.start + candidate)].named { break }
            candidate += 1
        }
    }

    /// After one occurrence of a quantified element ending at `position`: stop repeating, or match it
    /// again on the next sibling (skipping only anonymous ones).
    private func repeatMatches(
        _ element: Int32, _ items: Span, _ index: Int32, _ children: Span, _ position: Int32,
        _ next: (Int32) -> Void
    ) {
        scratch.pointee.steps -= 1
        guard scratch.pointee.steps > 0 else { return }
        matchSequence(items, index + 1, children, position, anchored: false, next)
        var candidate = position
        while candidate < children.count {
            matchAt(element, children, candidate) { end in repeatMatches(element, items, index, children, end, next) }
            if scratch.pointee.children.base[Int(children.start + candidate)].named { break }
            candidate += 1
        }
    }

    /// Matches one occurrence of element `index` starting at child `position` of the frame; `next`
    /// receives the position after it.
    private func matchAt(_ index: Int32, _ children: Span, _ position: Int32, _ next: (Int32) -> Void) {
        let element = elements[Int(index)]
        let child = scratch.pointee.children.base[Int(children.start + position)]
        if element.shape == .group {
            guard element.items.count > 0 else { return }
            let first = itemPool[Int(element.items.start)]
            guard first != MatchProgram.anchor else { return }
            // The group's first element sits at `position`; the rest follow as siblings.
            matchAt(first, children, position) { end in
                let mark = push(element.captures, child.node)
                defer { scratch.pointee.captures.count = mark }
                matchSequence(element.items, 1, children, end, anchored: false, next)
            }
            return
        }
        guard element.field == 0 || child.field == element.field else { return }
        matchElement(index, child) { next(position + 1) }
    }

    private func push(_ span: Span, _ node: TSNode) -> Int {
        let mark = scratch.pointee.captures.count
        for offset in 0..<Int(span.count) {
            scratch.pointee.captures.push(TSQueryCapture(node: node, index: captureIDs[Int(span.start) + offset]))
        }
        return mark
    }

    /// Pushes a node's children (visible ones, with their fields) as a new frame on the arena; the
    /// caller pops it by resetting `arenaCount` to the frame's start.
    private func children(of node: TSNode) -> Span {
        let start = scratch.pointee.children.count
        ts_tree_cursor_reset(&scratch.pointee.cursor, node)
        guard ts_tree_cursor_goto_first_child(&scratch.pointee.cursor) else { return Span(start: Int32(start), count: 0) }
        repeat {
            let child = ts_tree_cursor_current_node(&scratch.pointee.cursor)
            scratch.pointee.children.push(Child(
                node: child, field: ts_tree_cursor_current_field_id(&scratch.pointee.cursor),
                key: symbols.key(ofSymbol: ts_node_symbol(child)), named: ts_node_is_named(child)))
        } while ts_tree_cursor_goto_next_sibling(&scratch.pointee.cursor)
        return Span(start: Int32(start), count: Int32(scratch.pointee.children.count - start))
    }
}

/// A growable stack in manually managed memory, for scratch space that must not be reference-counted.
struct Stack<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// Elements in use; lowering it pops (elements are plain values, nothing to deinitialise).
    var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    mutating func push(_ element: Element) {
        if count == capacity {
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = larger
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    func deallocate() { base.deallocate() }
}
