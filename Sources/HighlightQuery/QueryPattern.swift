/// One top-level pattern of a highlight query, parsed by `QueryParser` and matched by `QueryMatcher`.
///
/// mdview matches queries itself instead of compiling them with `ts_query_new`: libtree-sitter 0.20.7
/// analyses the whole grammar's parse table on every compile (11 ms for Python, 37 ms for Rust, 65 ms
/// for C#), which cost more than highlighting a 500-line block. This model holds exactly what the
/// matcher needs, with node and field names already resolved against the grammar.
struct QueryPattern: Sendable {
    /// The pattern itself: a node, an alternation, or a sequence of siblings.
    var root: PatternElement
    /// Text predicates every match must satisfy.
    var predicates: [QueryPredicate]
    /// Where the pattern is in the query source (for precedence ordering and reports).
    var range: Range<Int>
}

/// How many times an element may repeat among its siblings.
enum PatternQuantifier: Sendable {
    case one, optional, zeroOrMore, oneOrMore

    var allowsZero: Bool { self == .optional || self == .zeroOrMore }
    var allowsMany: Bool { self == .zeroOrMore || self == .oneOrMore }
}

/// What kind of node an element accepts.
enum NodeKind: Equatable, Sendable {
    /// A node type, by its key in `GrammarSymbols` (name and named-ness together).
    case symbol(Int32)
    /// `(_)`: any named node.
    case anyNamed
    /// `_`: any node, named or anonymous.
    case any
}

/// An element of a pattern and what it captures.
indirect enum PatternElement: Sendable {
    /// `(type children…)`, `"token"`, `(_)` or `_`. `negatedFields` are `!field` constraints.
    case node(
        kind: NodeKind, children: [SequenceItem], negatedFields: [UInt16], field: UInt16, captures: [UInt32],
        quantifier: PatternQuantifier)
    /// `[a b …]`: any one of the alternatives.
    case alternation([PatternElement], field: UInt16, captures: [UInt32], quantifier: PatternQuantifier)
    /// `((a) (b) …)`: consecutive siblings (gaps allowed unless anchored).
    case group([SequenceItem], captures: [UInt32], quantifier: PatternQuantifier)

    var field: UInt16 {
        switch self {
        case .node(_, _, _, let field, _, _), .alternation(_, let field, _, _): return field
        case .group: return 0
        }
    }

    var captures: [UInt32] {
        switch self {
        case .node(_, _, _, _, let captures, _), .alternation(_, _, let captures, _), .group(_, let captures, _):
            return captures
        }
    }

    var quantifier: PatternQuantifier {
        switch self {
        case .node(_, _, _, _, _, let quantifier), .alternation(_, _, _, let quantifier), .group(_, _, let quantifier):
            return quantifier
        }
    }

    /// The node kinds this element can start with at the top of a pattern (nil: any node).
    var rootKinds: [NodeKind]? {
        switch self {
        case .node(let kind, _, _, _, _, _):
            return kind == .any || kind == .anyNamed ? nil : [kind]
        case .alternation(let alternatives, _, _, _):
            var kinds: [NodeKind] = []
            for alternative in alternatives {
                guard let more = alternative.rootKinds else { return nil }
                kinds += more
            }
            return kinds
        case .group:
            return nil
        }
    }
}

/// An item in a list of sibling patterns: an element, or an anchor `.` that forbids named nodes
/// between its neighbours (or before the first / after the last child).
enum SequenceItem: Sendable {
    case element(PatternElement)
    case anchor
}
