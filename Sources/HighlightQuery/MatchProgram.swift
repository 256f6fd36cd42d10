/// A query's patterns flattened into plain values in fixed buffers, the form `QueryMatcher` runs.
///
/// `PatternElement` is a readable tree of enums and arrays, but walking it retains and releases at
/// every step, which cost more than the matching itself. Here every element is a `MatchElement` in one
/// buffer and refers to its children, alternatives, captures and negated fields by ranges of other
/// buffers, so matching touches no reference counts.
///
/// `@unchecked` because buffer pointers are not `Sendable`: every buffer is allocated and filled in
/// `init`, only read afterwards (by any number of matchers at once), and freed in `deinit`.
final class MatchProgram: @unchecked Sendable {
    /// `MatchElement.key` for `(_)` and for `_`.
    static let anyNamedKey: Int32 = -1
    static let anyKey: Int32 = -2
    /// An anchor `.` in `items`.
    static let anchor: Int32 = -1

    let elements: UnsafeMutableBufferPointer<MatchElement>
    /// Sequence items: element indices, or `anchor`.
    let items: UnsafeMutableBufferPointer<Int32>
    let alternatives: UnsafeMutableBufferPointer<Int32>
    let captures: UnsafeMutableBufferPointer<UInt32>
    let negatedFields: UnsafeMutableBufferPointer<UInt16>
    /// The root element of each pattern.
    let roots: UnsafeMutableBufferPointer<Int32>
    /// Each pattern's predicates, as a range of `predicates`.
    let predicateSpans: UnsafeMutableBufferPointer<PoolRange>
    let predicates: UnsafeMutableBufferPointer<QueryPredicate>

    /// Which patterns can start at a node: those for its type key (`entriesByKey[keyStarts[key]..<
    /// keyStarts[key + 1]]`), those whose top is `(_)` (named nodes only) or `_` or an alternation
    /// holding one (every node), and sequences of siblings (tried on every node's children).
    let keyStarts: UnsafeMutableBufferPointer<Int32>
    let entriesByKey: UnsafeMutableBufferPointer<RootEntry>
    let anyNamedRootPatterns: UnsafeMutableBufferPointer<Int32>
    let anyRootPatterns: UnsafeMutableBufferPointer<Int32>
    let siblingPatterns: UnsafeMutableBufferPointer<Int32>

    convenience init(patterns: [QueryPattern], keyCount: Int) {
        var builder = Builder()
        var parts = Parts()
        parts.roots = patterns.map { builder.add($0.root) }
        let roots = parts.roots
        var spans: [PoolRange] = []
        var allPredicates: [QueryPredicate] = []
        for pattern in patterns {
            spans.append(PoolRange(start: Int32(allPredicates.count), count: Int32(pattern.predicates.count)))
            allPredicates += pattern.predicates
        }
        parts.predicateSpans = spans
        parts.predicates = allPredicates
        var byKey = [[RootEntry]](repeating: [], count: keyCount)
        var anyNamed: [Int32] = []
        var any: [Int32] = []
        var siblings: [Int32] = []
        for (index, pattern) in patterns.enumerated() {
            let id = Int32(index)
            let root = builder.elements[Int(roots[index])]
            switch pattern.root {
            case .group:
                siblings.append(id)
            case .node(.anyNamed, _, _, _, _, _):
                anyNamed.append(id)
            case .node(.symbol(let key), _, _, _, _, _):
                byKey[Int(key)].append(
                    RootEntry(pattern: id, element: roots[index], outerCaptures: PoolRange(), isLeaf: root.isLeaf))
            case .alternation(let options, _, _, _) where options.allSatisfy({ $0.rootKinds != nil }):
                // One entry per alternative, under its own type: a node is tried only against the
                // alternatives that can match it.
                for offset in 0..<Int(root.alternatives.count) {
                    let alternative = builder.alternatives[Int(root.alternatives.start) + offset]
                    let element = builder.elements[Int(alternative)]
                    var keys: [Int32] = []
                    for case .symbol(let key) in options[offset].rootKinds ?? [] where !keys.contains(key) {
                        keys.append(key)
                        byKey[Int(key)].append(
                            RootEntry(
                                pattern: id, element: alternative, outerCaptures: root.captures, isLeaf: element.isLeaf)
                        )
                    }
                }
            default:
                any.append(id)
            }
        }
        var starts: [Int32] = [0]
        for list in byKey { starts.append(starts[starts.count - 1] + Int32(list.count)) }
        parts.keyStarts = starts
        parts.entriesByKey = byKey.flatMap { $0 }
        parts.anyNamedRootPatterns = anyNamed
        parts.anyRootPatterns = any
        parts.siblingPatterns = siblings
        parts.elements = builder.elements
        parts.items = builder.items
        parts.alternatives = builder.alternatives
        parts.captures = builder.captures
        parts.negatedFields = builder.negatedFields
        self.init(parts: parts)
    }

    /// The program whose tables are `parts` (built from patterns, or read and checked by `QueryArchive`).
    init(parts: Parts) {
        roots = Self.copy(parts.roots)
        predicateSpans = Self.copy(parts.predicateSpans)
        predicates = Self.copy(parts.predicates)
        keyStarts = Self.copy(parts.keyStarts)
        entriesByKey = Self.copy(parts.entriesByKey)
        anyNamedRootPatterns = Self.copy(parts.anyNamedRootPatterns)
        anyRootPatterns = Self.copy(parts.anyRootPatterns)
        siblingPatterns = Self.copy(parts.siblingPatterns)
        elements = Self.copy(parts.elements)
        items = Self.copy(parts.items)
        alternatives = Self.copy(parts.alternatives)
        captures = Self.copy(parts.captures)
        negatedFields = Self.copy(parts.negatedFields)
    }

    deinit {
        for buffer in [roots, keyStarts, anyNamedRootPatterns, anyRootPatterns, siblingPatterns] {
            buffer.deallocate()
        }
        entriesByKey.deallocate()
        predicateSpans.deallocate()
        predicates.deinitialize()
        predicates.deallocate()
        elements.deallocate()
        items.deallocate()
        alternatives.deallocate()
        captures.deallocate()
        negatedFields.deallocate()
    }

    /// The buffers as plain pointers, for a matcher to hold (see `MatchTables`).
    var tables: MatchTables {
        MatchTables(
            elements: elements.baseAddress!, items: items.baseAddress!, alternatives: alternatives.baseAddress!,
            captures: captures.baseAddress!, negatedFields: negatedFields.baseAddress!, roots: roots.baseAddress!,
            predicateSpans: predicateSpans.baseAddress!, predicates: predicates.baseAddress!,
            keyStarts: keyStarts.baseAddress!, entriesByKey: entriesByKey.baseAddress!,
            anyNamedRootPatterns: UnsafeBufferPointer(anyNamedRootPatterns),
            anyRootPatterns: UnsafeBufferPointer(anyRootPatterns),
            siblingPatterns: UnsafeBufferPointer(siblingPatterns))
    }

    private static func copy<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(1, array.count))
        _ = buffer.initialize(from: array)
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
    }

    private struct Builder {
        var elements: [MatchElement] = []
        var items: [Int32] = []
        var alternatives: [Int32] = []
        var captures: [UInt32] = []
        var negatedFields: [UInt16] = []

        /// Adds `element` (children first, so ranges stay contiguous) and returns its index.
        mutating func add(_ element: PatternElement) -> Int32 {
            var flat = MatchElement()
            flat.field = element.field
            flat.quantifier = element.quantifier
            flat.captures = range(of: element.captures, in: &captures)
            switch element {
            case .node(let kind, let children, let negated, _, _, _):
                flat.shape = .node
                switch kind {
                case .symbol(let key): flat.key = key
                case .anyNamed: flat.key = MatchProgram.anyNamedKey
                case .any: flat.key = MatchProgram.anyKey
                }
                flat.items = sequence(children)
                flat.negatedFields = range(of: negated, in: &negatedFields)
            case .alternation(let options, _, _, _):
                flat.shape = .alternation
                let indices = options.map { add($0) }
                flat.alternatives = range(of: indices, in: &alternatives)
            case .group(let children, _, _):
                flat.shape = .group
                flat.items = sequence(children)
            }
            elements.append(flat)
            return Int32(elements.count - 1)
        }

        private mutating func sequence(_ children: [SequenceItem]) -> PoolRange {
            let indices = children.map { item -> Int32 in
                switch item {
                case .anchor: return MatchProgram.anchor
                case .element(let element): return add(element)
                }
            }
            return range(of: indices, in: &items)
        }

        private func range<T>(of values: [T], in pool: inout [T]) -> PoolRange {
            let start = pool.count
            pool += values
            return PoolRange(start: Int32(start), count: Int32(values.count))
        }
    }
}

/// A `MatchProgram`'s buffers as plain pointers. Threads matching at once would fight over the
/// program's reference count if their inner loops reached the buffers through it; with these they
/// touch no shared counter. Valid while the program lives (the matcher keeps it alive).
struct MatchTables {
    let elements: UnsafeMutablePointer<MatchElement>
    let items: UnsafeMutablePointer<Int32>
    let alternatives: UnsafeMutablePointer<Int32>
    let captures: UnsafeMutablePointer<UInt32>
    let negatedFields: UnsafeMutablePointer<UInt16>
    let roots: UnsafeMutablePointer<Int32>
    let predicateSpans: UnsafeMutablePointer<PoolRange>
    let predicates: UnsafeMutablePointer<QueryPredicate>
    let keyStarts: UnsafeMutablePointer<Int32>
    let entriesByKey: UnsafeMutablePointer<RootEntry>
    let anyNamedRootPatterns: UnsafeBufferPointer<Int32>
    let anyRootPatterns: UnsafeBufferPointer<Int32>
    let siblingPatterns: UnsafeBufferPointer<Int32>
}

/// A pattern that can start at nodes of one type: the element to match there (the pattern's root, or
/// the alternative of a root alternation that has this type) and the captures of the alternation
/// around it. A leaf (a node without children or negated fields) matches on its type alone.
struct RootEntry {
    var pattern: Int32
    var element: Int32
    var outerCaptures: PoolRange
    var isLeaf: Bool
}

/// A range of one of `MatchProgram`'s buffers.
struct PoolRange {
    var start: Int32 = 0
    var count: Int32 = 0
}

/// One pattern element as plain values (see `MatchProgram`).
struct MatchElement {
    enum Shape: UInt8 { case node, alternation, group }
    var shape = Shape.node
    /// For a node: the `GrammarSymbols` key of its type, or `anyNamedKey` / `anyKey`.
    var key: Int32 = 0
    /// Field the element must sit in (0: any).
    var field: UInt16 = 0
    var quantifier = PatternQuantifier.one
    var captures = PoolRange()
    /// Children of a node, or the members of a group.
    var items = PoolRange()
    var alternatives = PoolRange()
    var negatedFields = PoolRange()

    /// A node without children or negated fields: its type is all there is to check.
    var isLeaf: Bool { shape == .node && items.count == 0 && negatedFields.count == 0 }
}
