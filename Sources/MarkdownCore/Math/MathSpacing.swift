/// TeX's spacing between neighbouring atoms, on the character grid: the columns between two classes, and
/// the rule that a binary operator where none can be (`-x`, `(-1)`, `=-2`) is ordinary.
enum MathSpacing {
    /// The class `current` takes after `previous` (nil at the start of a list, or after a binary operator
    /// that became ordinary): a binary operator that cannot be one is ordinary.
    static func resolved(_ current: MathClass, after previous: MathClass?) -> MathClass {
        guard current == .binary else { return current }
        switch previous {
        case nil, .binary?, .operator?, .function?, .relation?, .opening?, .punctuation?: return .ordinary
        default: return .binary
        }
    }

    /// A binary operator before a relation, a closing or punctuation, or at the end, is ordinary too.
    static func resolvedBefore(_ current: MathClass, next: MathClass?) -> MathClass {
        guard current == .binary else { return current }
        switch next {
        case nil, .relation?, .closing?, .punctuation?: return .ordinary
        default: return .binary
        }
    }

    /// Columns between two resolved classes.
    static func gap(_ left: MathClass, _ right: MathClass) -> Int {
        if left == .function {
            return right == .opening || right == .inner || right == .punctuation ? 0 : gap(.operator, right)
        }
        if right == .function { return gap(left, .operator) }
        return switch (left, right) {
        case (.relation, .relation), (.opening, .relation), (.relation, .closing), (.relation, .punctuation): 0
        case (.relation, _), (_, .relation): 1
        case (.binary, _), (_, .binary): 1
        case (.operator, .opening), (.operator, .punctuation), (.opening, .operator): 0
        case (.operator, _), (.ordinary, .operator), (.closing, .operator), (.inner, .operator): 1
        case (.punctuation, _): 1
        default: 0
        }
    }

    /// The resolved classes of a list's nodes, nil for spaces (which do not take part).
    static func classes(of nodes: [MathNode], startingAfter start: MathClass? = nil) -> [MathClass?] {
        withClasses(of: nodes, startingAfter: start) { Array($0) }
    }

    /// Calls `body` with the resolved classes of a list's nodes in a buffer on the stack: a formula has
    /// many short lists, and an array each cost an allocation each.
    static func withClasses<Result>(
        of nodes: [MathNode], startingAfter start: MathClass? = nil,
        _ body: (UnsafeMutableBufferPointer<MathClass?>) -> Result
    ) -> Result {
        nodes.withUnsafeBufferPointer { withClasses(of: $0, startingAfter: start, body) }
    }

    static func withClasses<Result>(
        of nodes: UnsafeBufferPointer<MathNode>, startingAfter start: MathClass? = nil,
        _ body: (UnsafeMutableBufferPointer<MathClass?>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: MathClass?.self, capacity: nodes.count) { result in
            var previous = start
            var lastIndex: Int?
            for index in nodes.indices {
                if case .space = nodes[index] {
                    result.initializeElement(at: index, to: nil)
                    continue
                }
                let mathClass = nodes[index].mathClass
                var current = resolved(mathClass, after: previous)
                if let last = lastIndex, let lastClass = result[last], lastClass == .binary {
                    let fixed = resolvedBefore(lastClass, next: current)
                    result[last] = fixed
                    if fixed != .binary { current = resolved(mathClass, after: fixed) }
                }
                lastIndex = index
                result.initializeElement(at: index, to: current)
                previous = current
            }
            if let last = lastIndex, let lastClass = result[last] {
                result[last] = resolvedBefore(lastClass, next: nil)
            }
            return body(result)
        }
    }
}
