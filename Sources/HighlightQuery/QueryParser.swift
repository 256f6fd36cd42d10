/// Reads tree-sitter query syntax (`highlights.scm`) into `QueryPattern`s for one grammar.
///
/// It reads what libtree-sitter 0.20.7 reads: node patterns with fields, negated fields (`!field`),
/// anonymous tokens (`"def"`), wildcards (`(_)`, `_`), alternations (`[…]`), sibling groups, anchors
/// (`.`), quantifiers (`?`, `*`, `+`), captures (`@name`) and predicates (`(#match? @c "…")`).
///
/// A name the grammar lacks (a query written for a newer grammar version) costs as little as possible:
/// inside an alternation only that alternative goes, an optional element goes alone, and otherwise the
/// pattern goes. A pattern with a syntax error or a predicate mdview cannot evaluate goes too; the others
/// are kept. So does a pattern past `QueryLimits` (nesting, captures, alternatives), and a top-level
/// element with a field (`name: (identifier) @x`), which this engine does not match.
struct QueryParser {
    let symbols: GrammarSymbols
    /// Capture names in order of first appearance; a capture's id is its index.
    private(set) var captureNames: [String] = []
    private var captureIDs: [String: UInt32] = [:]
    /// How deep the element being read is nested, and how many captures its pattern has so far.
    private var depth = 0
    private var capturesInPattern = 0

    init(symbols: GrammarSymbols) {
        self.symbols = symbols
    }

    /// The pattern in `source[range]`, or nil when it cannot be used with this grammar.
    mutating func pattern(in source: [UInt8], range: Range<Int>) -> QueryPattern? {
        var reader = Reader(bytes: source, position: range.lowerBound, end: range.upperBound)
        var predicates: [QueryPredicate] = []
        var usable = true
        depth = 0
        capturesInPattern = 0
        guard let root = element(&reader, predicates: &predicates, usable: &usable) else { return nil }
        reader.skipTrivia()
        guard usable, reader.atEnd, let root, root.field == 0 else { return nil }
        return QueryPattern(root: root, predicates: predicates, range: range)
    }

    // MARK: Elements

    /// One element with its suffixes. Returns nil on a syntax error; `.some(nil)` for an element that can
    /// never match this grammar (an unknown name).
    private mutating func element(
        _ reader: inout Reader, predicates: inout [QueryPredicate], usable: inout Bool
    ) -> PatternElement?? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= QueryLimits.maximumDepth else { return nil }
        reader.skipTrivia()
        var field: UInt16 = 0
        var fieldKnown = true
        // `field: element`
        let save = reader.position
        if let name = reader.name(), reader.peek() == UInt8(ascii: ":") {
            reader.position += 1
            reader.skipTrivia()
            if let id = symbols.field(name: name) { field = id } else { fieldKnown = false }
        } else {
            reader.position = save
        }
        guard let byte = reader.peek() else { return nil }
        var built: PatternElement??
        switch byte {
        case UInt8(ascii: "("):
            built = parenthesised(&reader, field: field, predicates: &predicates, usable: &usable)
        case UInt8(ascii: "["):
            reader.position += 1
            var alternatives: [PatternElement] = []
            while true {
                reader.skipTrivia()
                guard let next = reader.peek() else { return nil }
                if next == UInt8(ascii: "]") {
                    reader.position += 1
                    break
                }
                guard alternatives.count < QueryLimits.maximumItems,
                    let alternative = element(&reader, predicates: &predicates, usable: &usable)
                else { return nil }
                if let alternative { alternatives.append(alternative) }
            }
            built = .some(
                alternatives.isEmpty ? nil : .alternation(alternatives, field: field, captures: [], quantifier: .one))
        case UInt8(ascii: "\""):
            guard let text = reader.string() else { return nil }
            built = .some(
                symbols.key(name: text, named: false).map {
                    .node(
                        kind: .symbol($0), children: [], negatedFields: [], field: field, captures: [], quantifier: .one
                    )
                })
        case UInt8(ascii: "_"):
            reader.position += 1
            built = .some(
                .node(kind: .any, children: [], negatedFields: [], field: field, captures: [], quantifier: .one))
        default:
            return nil
        }
        guard let built else { return nil }
        // Suffixes: quantifier and captures, in any order.
        var captures: [UInt32] = []
        var quantifier = PatternQuantifier.one
        while true {
            reader.skipTrivia()
            guard let next = reader.peek() else { break }
            if next == UInt8(ascii: "@") {
                reader.position += 1
                capturesInPattern += 1
                guard capturesInPattern <= QueryLimits.maximumCapturesPerPattern, let name = reader.name(),
                    let id = captureID(String(decoding: name, as: UTF8.self))
                else { return nil }
                captures.append(id)
            } else if next == UInt8(ascii: "?") {
                reader.position += 1
                quantifier = .optional
            } else if next == UInt8(ascii: "*") {
                reader.position += 1
                quantifier = .zeroOrMore
            } else if next == UInt8(ascii: "+") {
                reader.position += 1
                quantifier = .oneOrMore
            } else {
                break
            }
        }
        guard fieldKnown, let element = built else { return .some(nil) }
        return .some(Self.with(element, captures: captures, quantifier: quantifier))
    }

    /// `(name …)`, `(_ …)`, a group `((a) (b))`, or a stray predicate (an error here).
    private mutating func parenthesised(
        _ reader: inout Reader, field: UInt16, predicates: inout [QueryPredicate], usable: inout Bool
    ) -> PatternElement?? {
        reader.position += 1
        reader.skipTrivia()
        guard let first = reader.peek() else { return nil }
        if first == UInt8(ascii: "("), reader.isPredicateStart {
            // `((#eq? …))` is not a pattern.
            return nil
        }
        let isGroup = first == UInt8(ascii: "(") || first == UInt8(ascii: "[") || first == UInt8(ascii: "\"")
        var kind: NodeKind?
        var known = true
        if !isGroup {
            if first == UInt8(ascii: "_"), let after = reader.peek(at: 1), !Reader.isNameByte(after) {
                reader.position += 1
                kind = .anyNamed
            } else {
                guard let name = reader.name() else { return nil }
                if let key = symbols.key(name: name, named: true) {
                    kind = .symbol(key)
                } else if name == Array("ERROR".utf8) {
                    kind = .symbol(symbols.errorKey)
                } else {
                    known = false
                }
            }
        }
        var items: [SequenceItem] = []
        var negated: [UInt16] = []
        var read = 0
        while true {
            reader.skipTrivia()
            read += 1
            guard read <= QueryLimits.maximumItems, let next = reader.peek() else { return nil }
            if next == UInt8(ascii: ")") {
                reader.position += 1
                break
            }
            if next == UInt8(ascii: "."), let after = reader.peek(at: 1), !Reader.isNameByte(after) {
                reader.position += 1
                items.append(.anchor)
                continue
            }
            if next == UInt8(ascii: "!") {
                reader.position += 1
                guard let name = reader.name() else { return nil }
                guard let id = symbols.field(name: name) else {
                    known = false
                    continue
                }
                negated.append(id)
                continue
            }
            if next == UInt8(ascii: "("), reader.isPredicateStart {
                switch predicate(&reader) {
                case .predicate(let predicate): predicates.append(predicate)
                case .ignored: break
                case .unsupported: usable = false
                case .malformed: return nil
                }
                continue
            }
            guard let child = element(&reader, predicates: &predicates, usable: &usable) else { return nil }
            if let child {
                items.append(.element(child))
            } else {
                // An unknown name in a child: without it the pattern would match more than its author
                // meant, so the node cannot match.
                known = false
            }
        }
        guard known else { return .some(nil) }
        if isGroup {
            let elements = items.filter { if case .element = $0 { return true } else { return false } }
            if elements.count == 1, items.count == 1, case .element(let only) = elements[0] { return .some(only) }
            guard !elements.isEmpty else { return nil }
            return .some(.group(items, captures: [], quantifier: .one))
        }
        guard let kind else { return nil }
        return .some(
            .node(kind: kind, children: items, negatedFields: negated, field: field, captures: [], quantifier: .one))
    }

    private static func with(_ element: PatternElement, captures: [UInt32], quantifier: PatternQuantifier)
        -> PatternElement
    {
        switch element {
        case .node(let kind, let children, let negated, let field, let own, let ownQuantifier):
            return .node(
                kind: kind, children: children, negatedFields: negated, field: field, captures: own + captures,
                quantifier: quantifier == .one ? ownQuantifier : quantifier)
        case .alternation(let alternatives, let field, let own, let ownQuantifier):
            return .alternation(
                alternatives, field: field, captures: own + captures,
                quantifier: quantifier == .one ? ownQuantifier : quantifier)
        case .group(let items, let own, let ownQuantifier):
            return .group(items, captures: own + captures, quantifier: quantifier == .one ? ownQuantifier : quantifier)
        }
    }

    /// The id of a capture name, nil when the query has as many names as it may (`QueryLimits`).
    private mutating func captureID(_ name: String) -> UInt32? {
        if let id = captureIDs[name] { return id }
        guard captureNames.count < QueryLimits.maximumCaptureNames else { return nil }
        let id = UInt32(captureNames.count)
        captureNames.append(name)
        captureIDs[name] = id
        return id
    }

    // MARK: Predicates

    /// What a `(#…)` in a pattern amounts to.
    private enum PredicateReading {
        case predicate(QueryPredicate)
        /// A directive (`#set!`) or bookkeeping predicate (`#is?`) with no effect on colours.
        case ignored
        /// A predicate mdview cannot evaluate (an editor's `#lua-match?`) or a regex no engine accepts.
        case unsupported
        case malformed
    }

    /// `(#name? args…)`.
    private mutating func predicate(_ reader: inout Reader) -> PredicateReading {
        reader.position += 1  // (
        reader.skipTrivia()
        reader.position += 1  // #
        guard let nameBytes = reader.name(extra: [UInt8(ascii: "?"), UInt8(ascii: "!")]) else { return .malformed }
        var arguments: [QueryPredicate.Argument] = []
        while true {
            reader.skipTrivia()
            guard arguments.count < QueryLimits.maximumItems, let next = reader.peek() else { return .malformed }
            if next == UInt8(ascii: ")") {
                reader.position += 1
                break
            }
            if next == UInt8(ascii: "@") {
                reader.position += 1
                guard let name = reader.name(), let id = captureID(String(decoding: name, as: UTF8.self)) else {
                    return .malformed
                }
                arguments.append(.capture(id))
            } else if next == UInt8(ascii: "\"") {
                guard let text = reader.string() else { return .malformed }
                arguments.append(.text(text))
            } else if let word = reader.name() {
                arguments.append(.text(word))
            } else {
                return .malformed
            }
        }
        let name = String(decoding: nameBytes, as: UTF8.self)
        if name.hasSuffix("!") || name == "is?" || name == "is-not?" { return .ignored }
        guard let predicate = QueryPredicate(name: name, arguments: arguments) else { return .unsupported }
        return .predicate(predicate)
    }
}

/// A position in query source with the lexical rules of the query language.
private struct Reader {
    let bytes: [UInt8]
    var position: Int
    let end: Int

    var atEnd: Bool { position >= end }

    func peek(at offset: Int = 0) -> UInt8? {
        position + offset < end ? bytes[position + offset] : nil
    }

    /// At `(` followed (after spaces) by `#`.
    var isPredicateStart: Bool {
        var index = position + 1
        while index < end, Self.isSpace(bytes[index]) { index += 1 }
        return index < end && bytes[index] == UInt8(ascii: "#")
    }

    mutating func skipTrivia() {
        while position < end {
            let byte = bytes[position]
            if Self.isSpace(byte) {
                position += 1
            } else if byte == UInt8(ascii: ";") {
                while position < end, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            } else {
                return
            }
        }
    }

    /// A name (node type, field, capture); `extra` adds bytes a name may contain (predicate names).
    mutating func name(extra: [UInt8] = []) -> [UInt8]? {
        let start = position
        while position < end, Self.isNameByte(bytes[position]) || extra.contains(bytes[position]) { position += 1 }
        return position > start ? Array(bytes[start..<position]) : nil
    }

    /// A double-quoted string with `\n`, `\t`, `\r`, `\0` and `\<any>` escapes, decoded.
    mutating func string() -> [UInt8]? {
        guard peek() == UInt8(ascii: "\"") else { return nil }
        position += 1
        var text: [UInt8] = []
        while position < end {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\"), position + 1 < end {
                let escaped = bytes[position + 1]
                switch escaped {
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "0"): text.append(0x00)
                default: text.append(escaped)
                }
                position += 2
            } else {
                text.append(byte)
                position += 1
            }
        }
        return nil
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), 0x80...0xFF:
            return true
        default:
            return false
        }
    }
}
