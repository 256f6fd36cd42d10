import CTreeSitter

/// A text predicate of one query pattern. libtree-sitter 0.20.7 parses predicates but leaves their
/// evaluation to the caller; without it `((identifier) @constant (#match? @constant "^[A-Z]"))`
/// would colour every identifier.
enum QueryPredicate: @unchecked Sendable {
    /// The other side of `#eq?`: a literal or a second capture.
    enum Operand {
        case text([UInt8])
        case capture(UInt32)
    }

    /// `#eq?` / `#not-eq?`
    case equal(capture: UInt32, Operand, negated: Bool)
    /// `#match?` / `#not-match?`
    case match(capture: UInt32, PredicateRegex, negated: Bool)
    /// `#any-of?` / `#not-any-of?`
    case anyOf(capture: UInt32, StringSet, negated: Bool)

    /// Reads the predicates of `pattern`. Directives (`#set!` and any other `…!`) and bookkeeping
    /// predicates (`#is?`, `#is-not?`) are ignored; nil means the pattern uses a predicate mdview cannot
    /// evaluate (an editor-specific `#lua-match?`, say) or a regex no engine accepts, and should be disabled.
    static func predicates(of query: OpaquePointer, pattern: UInt32) -> [QueryPredicate]? {
        var length: UInt32 = 0
        guard let steps = ts_query_predicates_for_pattern(query, pattern, &length), length > 0 else { return [] }
        var result: [QueryPredicate] = []
        var current: [TSQueryPredicateStep] = []
        for index in 0..<Int(length) {
            let step = steps[index]
            guard step.type == TSQueryPredicateStepTypeDone else {
                current.append(step)
                continue
            }
            defer { current.removeAll(keepingCapacity: true) }
            guard let first = current.first, first.type == TSQueryPredicateStepTypeString else { return nil }
            let name = string(query, first.value_id)
            if name.hasSuffix("!") || name == "is?" || name == "is-not?" { continue }
            guard let predicate = make(name: name, arguments: Array(current.dropFirst()), query: query) else {
                return nil
            }
            result.append(predicate)
        }
        return result
    }

    private static func make(name: String, arguments: [TSQueryPredicateStep], query: OpaquePointer) -> QueryPredicate? {
        let negated = name.hasPrefix("not-")
        let base = negated ? String(name.dropFirst(4)) : name
        guard let subject = arguments.first, subject.type == TSQueryPredicateStepTypeCapture else { return nil }
        let rest = arguments.dropFirst()
        switch base {
        case "eq?":
            guard rest.count == 1, let other = rest.first else { return nil }
            let operand: Operand = other.type == TSQueryPredicateStepTypeCapture
                ? .capture(other.value_id)
                : .text(Array(string(query, other.value_id).utf8))
            return .equal(capture: subject.value_id, operand, negated: negated)
        case "match?":
            guard rest.count == 1, let other = rest.first, other.type == TSQueryPredicateStepTypeString,
                let regex = PredicateRegex(string(query, other.value_id))
            else { return nil }
            return .match(capture: subject.value_id, regex, negated: negated)
        case "any-of?":
            guard rest.allSatisfy({ $0.type == TSQueryPredicateStepTypeString }) else { return nil }
            return .anyOf(capture: subject.value_id, StringSet(rest.map { Array(string(query, $0.value_id).utf8) }), negated: negated)
        default:
            return nil
        }
    }

    private static func string(_ query: OpaquePointer, _ id: UInt32) -> String {
        var length: UInt32 = 0
        guard let pointer = ts_query_string_value_for_id(query, id, &length) else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: Int(length)), as: UTF8.self)
    }

    /// Whether a match satisfies the predicate. `captures` are the match's captures, `code` the text
    /// their byte offsets point into. A quantified capture holding several nodes must satisfy it with
    /// every node; a capture absent from the match satisfies it.
    func holds(captures: UnsafePointer<TSQueryCapture>, count: Int, code: UnsafeBufferPointer<UInt8>) -> Bool {
        func texts(_ id: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
            for index in 0..<count where captures[index].index == id {
                let node = captures[index].node
                let from = Int(ts_node_start_byte(node)), to = Int(ts_node_end_byte(node))
                guard from <= to, to <= code.count else { continue }
                if !body(UnsafeBufferPointer(rebasing: code[from..<to])) { return false }
            }
            return true
        }
        func firstText(_ id: UInt32) -> UnsafeBufferPointer<UInt8>? {
            for index in 0..<count where captures[index].index == id {
                let node = captures[index].node
                let from = Int(ts_node_start_byte(node)), to = Int(ts_node_end_byte(node))
                guard from <= to, to <= code.count else { continue }
                return UnsafeBufferPointer(rebasing: code[from..<to])
            }
            return nil
        }
        switch self {
        case .equal(let capture, let operand, let negated):
            switch operand {
            case .text(let literal):
                return texts(capture) { $0.elementsEqual(literal) != negated }
            case .capture(let other):
                guard let left = firstText(capture), let right = firstText(other) else { return true }
                return left.elementsEqual(right) != negated
            }
        case .match(let capture, let regex, let negated):
            return texts(capture) { regex.matches($0) != negated }
        case .anyOf(let capture, let values, let negated):
            return texts(capture) { values.contains($0) != negated }
        }
    }
}

/// The strings of an `#any-of?`, grouped by length so a lookup compares only same-length candidates
/// and allocates nothing.
struct StringSet: Sendable {
    private var byLength: [Int: [[UInt8]]] = [:]

    init(_ strings: [[UInt8]]) {
        for string in strings { byLength[string.count, default: []].append(string) }
    }

    func contains(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let candidates = byLength[text.count] else { return false }
        return candidates.contains { $0.elementsEqual(text) }
    }
}
