/// A text predicate of one query pattern. libtree-sitter 0.20.7 leaves predicates to the caller (and
/// mdview matches queries itself, see `QueryPattern`); without them `((identifier) @constant (#match? @constant "^[A-Z]"))`
/// would colour every identifier.
enum QueryPredicate: Sendable {
    /// The other side of `#eq?`: a literal or a second capture.
    enum Operand: Sendable {
        case text([UInt8])
        case capture(UInt32)
    }

    /// `#eq?` / `#not-eq?`
    case equal(capture: UInt32, Operand, negated: Bool)
    /// `#match?` / `#not-match?`
    case match(capture: UInt32, PredicateRegex, negated: Bool)
    /// `#any-of?` / `#not-any-of?`
    case anyOf(capture: UInt32, StringSet, negated: Bool)

    /// An argument of a predicate as written in the query: `@capture`, `"string"` or a bare word.
    enum Argument: Sendable {
        case capture(UInt32)
        case text([UInt8])
    }

    /// The predicate `#name` with its arguments; nil when mdview cannot evaluate it (an editor-specific
    /// `#lua-match?`, say) or no regex engine accepts its pattern.
    init?(name: String, arguments: [Argument]) {
        let negated = name.hasPrefix("not-")
        let base = negated ? String(name.dropFirst(4)) : name
        guard case .capture(let subject)? = arguments.first else { return nil }
        let rest = arguments.dropFirst()
        switch base {
        case "eq?":
            guard rest.count == 1, let other = rest.first else { return nil }
            switch other {
            case .capture(let id): self = .equal(capture: subject, .capture(id), negated: negated)
            case .text(let text): self = .equal(capture: subject, .text(text), negated: negated)
            }
        case "match?":
            guard rest.count == 1, case .text(let pattern)? = rest.first,
                let regex = PredicateRegex(String(decoding: pattern, as: UTF8.self))
            else { return nil }
            self = .match(capture: subject, regex, negated: negated)
        case "any-of?":
            var values: [[UInt8]] = []
            for argument in rest {
                guard case .text(let text) = argument else { return nil }
                values.append(text)
            }
            self = .anyOf(capture: subject, StringSet(values), negated: negated)
        default:
            return nil
        }
    }

    /// Whether a match satisfies the predicate. `captures` are the match's captures, `code` the text
    /// their byte ranges point into. A quantified capture holding several nodes must satisfy it with
    /// every node; a capture absent from the match satisfies it.
    func holds(captures: UnsafeBufferPointer<MatchCapture>, code: UnsafeBufferPointer<UInt8>) -> Bool {
        func text(_ capture: MatchCapture) -> UnsafeBufferPointer<UInt8>? {
            let from = Int(capture.start)
            let to = Int(capture.end)
            guard 0 <= from, from <= to, to <= code.count else { return nil }
            return UnsafeBufferPointer(rebasing: code[from..<to])
        }
        func texts(_ id: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
            for capture in captures where capture.capture == id {
                if let text = text(capture), !body(text) { return false }
            }
            return true
        }
        func firstText(_ id: UInt32) -> UnsafeBufferPointer<UInt8>? {
            for capture in captures where capture.capture == id {
                if let text = text(capture) { return text }
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
/// and allocates nothing. Sorted by length in one array, not kept in a dictionary by length: a new
/// dictionary type costs a fresh process more to set up than a query's lookups cost altogether.
struct StringSet: Sendable {
    /// The strings, shortest first.
    let strings: [[UInt8]]
    /// `strings[starts[n]..<starts[n + 1]]` are the strings of length n.
    private let starts: [Int]

    init(_ strings: [[UInt8]]) {
        // Placed by a count of each length, not sorted: sorting would set up a comparison of its own.
        var longest = 0
        for string in strings { longest = max(longest, string.count) }
        var starts = [Int](repeating: 0, count: longest + 2)
        for string in strings { starts[string.count + 1] += 1 }
        for length in 1..<starts.count { starts[length] += starts[length - 1] }
        var next = starts
        var placed = [[UInt8]](repeating: [], count: strings.count)
        for string in strings {
            placed[next[string.count]] = string
            next[string.count] += 1
        }
        self.strings = placed
        self.starts = starts
    }

    func contains(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count + 1 < starts.count else { return false }
        for index in starts[text.count]..<starts[text.count + 1] where strings[index].elementsEqual(text) {
            return true
        }
        return false
    }
}
