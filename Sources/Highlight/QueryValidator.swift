import CTreeSitter

/// Finds, before compiling, the node types, anonymous tokens and fields a pattern names that the
/// grammar lacks. libtree-sitter 0.20.7 spends 10–40 ms analysing the grammar on every `ts_query_new`,
/// so discovering stale names one failed compile at a time would make a language's first use slow;
/// checking names against the grammar's symbol table first leaves one compile in the common case.
struct QueryValidator {
    let language: OpaquePointer

    /// The pattern with unknown names removed (see `QuerySplitter.removingAlternative`), or nil when
    /// the pattern cannot be kept.
    func cleaned(_ pattern: [UInt8]) -> [UInt8]? {
        var current = pattern
        while let offset = firstUnknownName(in: current) {
            guard let trimmed = QuerySplitter.removingAlternative(at: offset, from: current) else { return nil }
            current = trimmed
        }
        return current
    }

    /// Offset of the first name the grammar does not know: a string's opening quote, a node type's first
    /// byte, or a field name's first byte.
    func firstUnknownName(in pattern: [UInt8]) -> Int? {
        var predicateDepth: [Bool] = []  // per open paren: whether it is a predicate `(#…)`
        var index = 0
        let count = pattern.count
        while index < count {
            let byte = pattern[index]
            switch byte {
            case UInt8(ascii: ";"):
                while index < count, pattern[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "\""):
                var end = index + 1
                var text: [UInt8] = []
                while end < count, pattern[end] != UInt8(ascii: "\"") {
                    if pattern[end] == UInt8(ascii: "\\"), end + 1 < count {
                        let escaped = pattern[end + 1]
                        text.append(escaped == UInt8(ascii: "n") ? 0x0A : escaped == UInt8(ascii: "t") ? 0x09 : escaped)
                        end += 2
                    } else {
                        text.append(pattern[end])
                        end += 1
                    }
                }
                let inPredicate = predicateDepth.last ?? false
                if !inPredicate, !knows(text, named: false) { return index }
                index = end + 1
                continue
            case UInt8(ascii: "("):
                var cursor = index + 1
                while cursor < count, isSpace(pattern[cursor]) { cursor += 1 }
                let isPredicate = cursor < count && pattern[cursor] == UInt8(ascii: "#")
                predicateDepth.append(isPredicate || (predicateDepth.last ?? false))
                if !isPredicate {
                    let start = cursor
                    while cursor < count, isNameByte(pattern[cursor]) { cursor += 1 }
                    let name = Array(pattern[start..<cursor])
                    if !name.isEmpty, !isSpecial(name), !knows(name, named: true) { return start }
                }
            case UInt8(ascii: ")"):
                _ = predicateDepth.popLast()
            default:
                // A field: `name:` (not inside a predicate), or a negated field `!name`.
                if !(predicateDepth.last ?? false), isNameByte(byte), index == 0 || !isNameByte(pattern[index - 1]),
                    pattern[index - 1 < 0 ? 0 : index - 1] != UInt8(ascii: "@")
                {
                    var end = index
                    while end < count, isNameByte(pattern[end]) { end += 1 }
                    let negated = index > 0 && pattern[index - 1] == UInt8(ascii: "!")
                    if (end < count && pattern[end] == UInt8(ascii: ":")) || negated {
                        let field = Array(pattern[index..<end])
                        if !knowsField(field) { return index }
                    }
                    index = end
                    continue
                }
            }
            index += 1
        }
        return nil
    }

    private func knows(_ name: [UInt8], named: Bool) -> Bool {
        name.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    ts_language_symbol_for_name(language, $0, UInt32(buffer.count), named) != 0
                }
            } ?? false
        }
    }

    private func knowsField(_ name: [UInt8]) -> Bool {
        name.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    ts_language_field_id_for_name(language, $0, UInt32(buffer.count)) != 0
                }
            } ?? false
        }
    }

    private func isSpecial(_ name: [UInt8]) -> Bool {
        name == Array("_".utf8) || name == Array("ERROR".utf8) || name == Array("MISSING".utf8)
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }
}
