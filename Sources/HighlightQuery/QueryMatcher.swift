import CTreeSitter

/// Finds the matches of a `CompiledQuery` in a syntax tree, with tree-sitter's query semantics.
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
    /// Keeps the program (and so `tables`) alive.
    private let query: CompiledQuery
    private let tables: MatchTables
    private let tree: FlatTree
    private let code: UnsafeBufferPointer<UInt8>
    /// Scratch space: the captures of the match being built, as a stack, and the step budget. Kept
    /// behind a pointer, not in stored properties, because every access to a class's stored `var`
    /// costs a dynamic exclusivity check in the inner loops.
    private let scratch: UnsafeMutablePointer<Scratch>
    private static let stepsPerAttempt = 20_000

    private struct Scratch {
        var captures: Stack<MatchCapture>
        /// Steps left for the current top-level attempt; bounds the work a pathological tree can cause.
        var steps = 0
    }

    init(query: CompiledQuery, tree: FlatTree, code: UnsafeBufferPointer<UInt8>) {
        self.query = query
        self.tables = query.program.tables
        self.tree = tree
        self.code = code
        scratch = .allocate(capacity: 1)
        scratch.initialize(to: Scratch(captures: Stack(capacity: 32)))
    }

    deinit {
        scratch.pointee.captures.deallocate()
        scratch.deinitialize(count: 1)
        scratch.deallocate()
    }

    /// Calls `body` with each match's pattern index and captures, in tree order. Returns false when
    /// `keepGoing` (asked every thousand nodes) says to stop.
    func forEachMatch(
        keepGoing: () -> Bool, _ body: (_ pattern: Int, _ captures: UnsafeBufferPointer<MatchCapture>) -> Void
    ) -> Bool {
        for node in 0..<tree.count {
            if node & 1023 == 1023, !keepGoing() { return false }
            visit(Int32(node), body)
        }
        return true
    }

    private func visit(_ node: Int32, _ body: (Int, UnsafeBufferPointer<MatchCapture>) -> Void) {
        let key = tree.nodes[Int(node)].key
        func attempt(_ pattern: Int32) {
            scratch.pointee.steps = Self.stepsPerAttempt
            matchElement(tables.roots[Int(pattern)], node) { emit(Int(pattern), body) }
        }
        if key >= 0 {
            for index in tables.keyStarts[Int(key)]..<tables.keyStarts[Int(key) + 1] {
                let entry = tables.entriesByKey[Int(index)]
                let mark = push(entry.outerCaptures, node)
                if entry.isLeaf {
                    // The type matched already: no need to go through the general matcher.
                    _ = push(tables.elements[Int(entry.element)].captures, node)
                    emit(Int(entry.pattern), body)
                } else {
                    scratch.pointee.steps = Self.stepsPerAttempt
                    matchElement(entry.element, node) { emit(Int(entry.pattern), body) }
                }
                scratch.pointee.captures.count = mark
            }
        }
        if tree.nodes[Int(node)].named { for pattern in tables.anyNamedRootPatterns { attempt(pattern) } }
        for pattern in tables.anyRootPatterns { attempt(pattern) }
        if !tables.siblingPatterns.isEmpty {
            let children = children(of: node)
            guard children.count > 0 else { return }
            for pattern in tables.siblingPatterns {
                let group = tables.elements[Int(tables.roots[Int(pattern)])]
                scratch.pointee.steps = Self.stepsPerAttempt
                matchSequence(group.items, 0, children, 0, anchored: false) { _ in emit(Int(pattern), body) }
            }
        }
    }

    private func emit(_ pattern: Int, _ body: (Int, UnsafeBufferPointer<MatchCapture>) -> Void) {
        let captures = UnsafeBufferPointer(start: scratch.pointee.captures.base, count: scratch.pointee.captures.count)
        let predicates = tables.predicateSpans[pattern]
        for offset in 0..<Int(predicates.count)
        where !tables.predicates[Int(predicates.start) + offset].holds(captures: captures, code: code) {
            return
        }
        body(pattern, captures)
    }

    // MARK: Matching

    /// Matches element `index` against one node and calls `next` for each way it fits.
    private func matchElement(_ index: Int32, _ node: Int32, _ next: () -> Void) {
        scratch.pointee.steps -= 1
        guard scratch.pointee.steps > 0 else { return }
        let element = tables.elements[Int(index)]
        switch element.shape {
        case .node:
            switch element.key {
            case MatchProgram.anyKey: break
            case MatchProgram.anyNamedKey: guard tree.nodes[Int(node)].named else { return }
            default: guard tree.nodes[Int(node)].key == element.key else { return }
            }
            let children = children(of: node)
            for offset in 0..<Int(element.negatedFields.count) {
                let field = tables.negatedFields[Int(element.negatedFields.start) + offset]
                for position in 0..<children.count
                where tree.nodes[Int(tree.children[Int(children.start + position)])].field == field {
                    return
                }
            }
            let mark = push(element.captures, node)
            defer { scratch.pointee.captures.count = mark }
            if element.items.count == 0 {
                next()
            } else {
                matchSequence(element.items, 0, children, 0, anchored: false) { _ in next() }
            }
        case .alternation:
            let mark = push(element.captures, node)
            defer { scratch.pointee.captures.count = mark }
            for offset in 0..<Int(element.alternatives.count) {
                // An alternative with a field (`[array: (_) hash: (_)]`) needs the node in that field.
                let alternative = tables.alternatives[Int(element.alternatives.start) + offset]
                let field = tables.elements[Int(alternative)].field
                guard field == 0 || tree.nodes[Int(node)].field == field else { continue }
                matchElement(alternative, node, next)
            }
        case .group:
            return  // a group spans siblings; `matchAt` handles it
        }
    }

    /// Matches the sequence `items` from its `index`th item against the `children` list from
    /// `position`; `next` receives the position after the last child used. `anchored`: no named child
    /// may be skipped before the next element.
    private func matchSequence(
        _ items: PoolRange, _ index: Int32, _ children: PoolRange, _ position: Int32, anchored: Bool,
        _ next: (Int32) -> Void
    ) {
        scratch.pointee.steps -= 1
        guard scratch.pointee.steps > 0 else { return }
        guard index < items.count else { return next(position) }
        let item = tables.items[Int(items.start + index)]
        if item == MatchProgram.anchor {
            if index == items.count - 1 {
                // Trailing anchor: the last element matched the last named child.
                for later in position..<children.count where isNamed(children, later) { return }
                next(position)
            } else {
                matchSequence(items, index + 1, children, position, anchored: true, next)
            }
            return
        }
        let quantifier = tables.elements[Int(item)].quantifier
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
            if anchored, isNamed(children, candidate) { break }
            candidate += 1
        }
    }

    /// After one occurrence of a quantified element ending at `position`: stop repeating, or match it
    /// again on the next sibling (skipping only anonymous ones).
    private func repeatMatches(
        _ element: Int32, _ items: PoolRange, _ index: Int32, _ children: PoolRange, _ position: Int32,
        _ next: (Int32) -> Void
    ) {
        scratch.pointee.steps -= 1
        guard scratch.pointee.steps > 0 else { return }
        matchSequence(items, index + 1, children, position, anchored: false, next)
        var candidate = position
        while candidate < children.count {
            matchAt(element, children, candidate) { end in repeatMatches(element, items, index, children, end, next) }
            if isNamed(children, candidate) { break }
            candidate += 1
        }
    }

    /// Matches one occurrence of element `index` starting at child `position` of the list; `next`
    /// receives the position after it.
    private func matchAt(_ index: Int32, _ children: PoolRange, _ position: Int32, _ next: (Int32) -> Void) {
        let element = tables.elements[Int(index)]
        let child = tree.children[Int(children.start + position)]
        if element.shape == .group {
            guard element.items.count > 0 else { return }
            let first = tables.items[Int(element.items.start)]
            guard first != MatchProgram.anchor else { return }
            // The group's first element sits at `position`; the rest follow as siblings.
            matchAt(first, children, position) { end in
                let mark = push(element.captures, child)
                defer { scratch.pointee.captures.count = mark }
                matchSequence(element.items, 1, children, end, anchored: false, next)
            }
            return
        }
        guard element.field == 0 || tree.nodes[Int(child)].field == element.field else { return }
        matchElement(index, child) { next(position + 1) }
    }

    @inline(__always)
    private func isNamed(_ children: PoolRange, _ position: Int32) -> Bool {
        tree.nodes[Int(tree.children[Int(children.start + position)])].named
    }

    /// A node's children as a range of `tree.children`.
    @inline(__always)
    private func children(of node: Int32) -> PoolRange {
        let start = tree.childStarts[Int(node)]
        return PoolRange(start: start, count: tree.childStarts[Int(node) + 1] - start)
    }

    private func push(_ span: PoolRange, _ node: Int32) -> Int {
        let mark = scratch.pointee.captures.count
        let range = tree.nodes[Int(node)]
        for offset in 0..<Int(span.count) {
            scratch.pointee.captures.push(
                MatchCapture(
                    capture: tables.captures[Int(span.start) + offset], start: range.start, end: range.end))
        }
        return mark
    }
}

/// A captured node in a match: the capture's id and the node's byte range in the code.
struct MatchCapture: Equatable {
    var capture: UInt32
    var start: Int32
    var end: Int32
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
