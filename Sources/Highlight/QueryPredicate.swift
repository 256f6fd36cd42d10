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
    case anyOf(capture: UInt32, Set<[UInt8]>, negated: Bool)

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
            return .anyOf(capture: subject.value_id, Set(rest.map { Array(string(query, $0.value_id).utf8) }), negated: negated)
        default:
            return nil
        }
    }

    private static func string(_ query: OpaquePointer, _ id: UInt32) -> String {
        var length: UInt32 = 0
        guard let pointer = ts_query_string_value_for_id(query, id, &length) else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: Int(length)), as: UTF8.self)
    }

    /// Whether a match satisfies the predicate; `text(capture)` gives the texts of the nodes a capture
    /// holds in the match (several for a quantified capture; all must satisfy it).
    func holds(text: (UInt32) -> [ArraySlice<UInt8>]) -> Bool {
        switch self {
        case .equal(let capture, let operand, let negated):
            let texts = text(capture)
            switch operand {
            case .text(let literal):
                return texts.allSatisfy { ($0.elementsEqual(literal)) != negated }
            case .capture(let other):
                let others = text(other)
                guard let left = texts.first, let right = others.first else { return true }
                return left.elementsEqual(right) != negated
            }
        case .match(let capture, let regex, let negated):
            return text(capture).allSatisfy { regex.matches($0) != negated }
        case .anyOf(let capture, let values, let negated):
            return text(capture).allSatisfy { values.contains(Array($0)) != negated }
        }
    }
}
