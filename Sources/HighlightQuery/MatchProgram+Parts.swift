extension MatchProgram {
    /// A program's tables as arrays: what `MatchProgram.init(patterns:keyCount:)` builds from patterns
    /// and `QueryArchive` reads from bytes, before they are copied into the program's buffers.
    struct Parts {
        var elements: [MatchElement] = []
        var items: [Int32] = []
        var alternatives: [Int32] = []
        var captures: [UInt32] = []
        var negatedFields: [UInt16] = []
        var roots: [Int32] = []
        var predicateSpans: [PoolRange] = []
        var predicates: [QueryPredicate] = []
        var keyStarts: [Int32] = []
        var entriesByKey: [RootEntry] = []
        var anyNamedRootPatterns: [Int32] = []
        var anyRootPatterns: [Int32] = []
        var siblingPatterns: [Int32] = []

        /// Checks what the matcher takes on trust, for tables that did not come from `QueryParser`: every
        /// range lies inside its buffer, every element refers only to elements before it (so matching
        /// cannot loop) and nests no deeper than `QueryLimits.maximumDepth`, every capture is one of
        /// `captureCount` names, every node type one of `keyCount` keys, every pattern and entry points
        /// at an element, and `keyStarts` indexes `entriesByKey` for each key.
        func validate(keyCount: Int, captureCount: Int) throws(QueryArchiveError) {
            func inside(_ range: PoolRange, _ size: Int) -> Bool {
                range.start >= 0 && range.count >= 0 && Int(range.start) + Int(range.count) <= size
            }
            var depth = [Int](repeating: 1, count: elements.count)
            for (index, element) in elements.enumerated() {
                guard inside(element.captures, captures.count), inside(element.items, items.count),
                    inside(element.alternatives, alternatives.count),
                    inside(element.negatedFields, negatedFields.count),
                    element.key >= MatchProgram.anyKey, Int(element.key) < keyCount
                else { throw .inconsistent }
                var children: [Int32] = []
                for offset in 0..<Int(element.items.count) {
                    let item = items[Int(element.items.start) + offset]
                    if item != MatchProgram.anchor { children.append(item) }
                }
                for offset in 0..<Int(element.alternatives.count) {
                    children.append(alternatives[Int(element.alternatives.start) + offset])
                }
                for child in children {
                    guard child >= 0, Int(child) < index else { throw .inconsistent }
                    depth[index] = max(depth[index], depth[Int(child)] + 1)
                }
                guard depth[index] <= QueryLimits.maximumDepth else { throw .inconsistent }
            }
            guard captures.allSatisfy({ Int($0) < captureCount }), !roots.isEmpty,
                roots.allSatisfy({ $0 >= 0 && Int($0) < elements.count }),
                predicateSpans.count == roots.count,
                predicateSpans.allSatisfy({ inside($0, predicates.count) }),
                predicates.allSatisfy({ $0.captures.allSatisfy { Int($0) < captureCount } }),
                keyStarts.count == keyCount + 1, keyStarts.first == 0,
                keyStarts.last.map({ Int($0) == entriesByKey.count }) == true,
                zip(keyStarts, keyStarts.dropFirst()).allSatisfy({ $0 <= $1 }),
                entriesByKey.allSatisfy({
                    $0.pattern >= 0 && Int($0.pattern) < roots.count && $0.element >= 0
                        && Int($0.element) < elements.count && inside($0.outerCaptures, captures.count)
                }),
                (anyNamedRootPatterns + anyRootPatterns + siblingPatterns).allSatisfy({
                    $0 >= 0 && Int($0) < roots.count
                })
            else { throw .inconsistent }
        }
    }
}
