/// The commonest `#match?` regexes, run without a regex engine: a sequence of byte classes, each
/// once, optional (`?`) or repeated (`*`, `+`), optionally anchored with `^` and `$`. For example
/// `^[A-Z]`, `^[A-Z_][A-Z\d_]+$`, `^__[A-Z][A-Z\d_]+__$` or `^--`.
///
/// Highlight queries run such a test on every identifier of a block; `regexec` spent more time copying
/// each identifier into a C string than matching it. Classes are over bytes, so the pattern stands in for
/// the regex only on ASCII text: `matches` returns nil for other text and the caller asks a real engine.
struct ByteClassPattern: Sendable {
    private struct Atom: Sendable {
        var set: ByteSet
        var min: Int
        var max: Int  // Int.max for unbounded
    }

    private let atoms: [Atom]
    private let anchoredStart: Bool
    private let anchoredEnd: Bool

    /// Nil when `pattern` uses anything beyond classes, literals, `.`, `\d\w\s` (and their negations),
    /// `?*+` and the two anchors.
    init?(_ pattern: String) {
        var bytes = Array(pattern.utf8)[...]
        anchoredStart = bytes.first == UInt8(ascii: "^")
        if anchoredStart { bytes = bytes.dropFirst() }
        var end = false
        if bytes.last == UInt8(ascii: "$") {
            // `\$` is a literal dollar, not an anchor.
            var backslashes = 0
            var index = bytes.index(before: bytes.endIndex)
            while index > bytes.startIndex, bytes[bytes.index(before: index)] == UInt8(ascii: "\\") {
                backslashes += 1
                index = bytes.index(before: index)
            }
            if backslashes % 2 == 0 {
                end = true
                bytes = bytes.dropLast()
            }
        }
        anchoredEnd = end
        var atoms: [Atom] = []
        while let byte = bytes.popFirst() {
            var set: ByteSet
            switch byte {
            case UInt8(ascii: "["):
                guard let parsed = Self.bracket(&bytes) else { return nil }
                set = parsed
            case UInt8(ascii: "\\"):
                guard let next = bytes.popFirst(), let escaped = Self.escape(next) else { return nil }
                set = escaped
            case UInt8(ascii: "."):
                set = ByteSet.all.removing(0x0A)
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "|"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+"):
                return nil
            default:
                guard byte < 0x80 else { return nil }
                set = ByteSet(byte)
            }
            var atom = Atom(set: set, min: 1, max: 1)
            switch bytes.first {
            case UInt8(ascii: "?"): atom.min = 0
            case UInt8(ascii: "*"):
                atom.min = 0
                atom.max = .max
            case UInt8(ascii: "+"): atom.max = .max
            default: break
            }
            if atom.min != 1 || atom.max != 1 {
                bytes = bytes.dropFirst()
                // Lazy or possessive forms (`*?`, `++`) are not for this engine.
                if let after = bytes.first,
                    after == UInt8(ascii: "?") || after == UInt8(ascii: "+") || after == UInt8(ascii: "*")
                {
                    return nil
                }
            }
            atoms.append(atom)
        }
        self.atoms = atoms
    }

    /// Whether the pattern matches `text` (anywhere, unless anchored); nil when the text is not ASCII.
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        for byte in text where byte >= 0x80 { return nil }
        if anchoredStart { return match(atom: 0, at: 0, in: text) }
        for start in 0...text.count where match(atom: 0, at: start, in: text) { return true }
        return false
    }

    /// Greedy with backtracking; patterns are a handful of atoms and texts are identifiers.
    private func match(atom index: Int, at position: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index < atoms.count else { return !anchoredEnd || position == text.count }
        let atom = atoms[index]
        var count = 0
        while count < atom.max, position + count < text.count, atom.set.contains(text[position + count]) { count += 1 }
        guard count >= atom.min else { return false }
        while true {
            if match(atom: index + 1, at: position + count, in: text) { return true }
            if count == atom.min { return false }
            count -= 1
        }
    }

    /// `[…]` after its opening bracket: ranges, escapes, leading `^` for negation.
    private static func bracket(_ bytes: inout ArraySlice<UInt8>) -> ByteSet? {
        var set = ByteSet()
        let negated = bytes.first == UInt8(ascii: "^")
        if negated { bytes = bytes.dropFirst() }
        var first = true
        while let byte = bytes.popFirst() {
            if byte == UInt8(ascii: "]"), !first { return negated ? set.inverted : set }
            first = false
            var low: UInt8
            if byte == UInt8(ascii: "\\") {
                guard let next = bytes.popFirst(), let escaped = escape(next) else { return nil }
                guard escaped.isSingle else {
                    set.formUnion(escaped)
                    continue
                }
                low = next == UInt8(ascii: "n") ? 0x0A : next == UInt8(ascii: "t") ? 0x09 : next
            } else if byte == UInt8(ascii: "[") {
                return nil  // POSIX classes like [:alpha:]
            } else {
                guard byte < 0x80 else { return nil }
                low = byte
            }
            // A range `a-z` (a `-` before `]` is literal).
            if bytes.first == UInt8(ascii: "-"), let high = bytes.dropFirst().first, high != UInt8(ascii: "]") {
                guard high != UInt8(ascii: "\\"), high < 0x80, high >= low else { return nil }
                bytes = bytes.dropFirst(2)
                for value in low...high { set.insert(value) }
            } else {
                set.insert(low)
            }
        }
        return nil
    }

    /// `\d`, `\w`, `\s`, their negations, `\n`, `\t`, and escaped punctuation.
    private static func escape(_ byte: UInt8) -> ByteSet? {
        let digits = ByteSet(range: UInt8(ascii: "0")...UInt8(ascii: "9"))
        let word = digits.union(ByteSet(range: UInt8(ascii: "a")...UInt8(ascii: "z")))
            .union(ByteSet(range: UInt8(ascii: "A")...UInt8(ascii: "Z"))).union(ByteSet(UInt8(ascii: "_")))
        let space = ByteSet([0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D])
        switch byte {
        case UInt8(ascii: "d"): return digits
        case UInt8(ascii: "w"): return word
        case UInt8(ascii: "s"): return space
        case UInt8(ascii: "D"): return digits.inverted
        case UInt8(ascii: "W"): return word.inverted
        case UInt8(ascii: "S"): return space.inverted
        case UInt8(ascii: "n"): return ByteSet(0x0A)
        case UInt8(ascii: "t"): return ByteSet(0x09)
        default:
            // Only punctuation may be escaped to stand for itself (`\.`, `\-`, `\*`).
            let isPunctuation =
                byte < 0x80 && !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            return isPunctuation ? ByteSet(byte) : nil
        }
    }
}

/// A set of bytes as a 256-bit mask.
struct ByteSet: Sendable, Equatable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init() {}

    init(_ byte: UInt8) { insert(byte) }

    init(_ bytes: [UInt8]) { for byte in bytes { insert(byte) } }

    init(range: ClosedRange<UInt8>) { for byte in range { insert(byte) } }

    static let all = ByteSet().inverted

    static func == (left: ByteSet, right: ByteSet) -> Bool {
        left.words.0 == right.words.0 && left.words.1 == right.words.1 && left.words.2 == right.words.2
            && left.words.3 == right.words.3
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    func removing(_ byte: UInt8) -> ByteSet {
        var copy = self
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: copy.words.0 &= ~bit
        case 1: copy.words.1 &= ~bit
        case 2: copy.words.2 &= ~bit
        default: copy.words.3 &= ~bit
        }
        return copy
    }

    var inverted: ByteSet {
        var copy = ByteSet()
        copy.words = (~words.0, ~words.1, ~words.2, ~words.3)
        return copy
    }

    func union(_ other: ByteSet) -> ByteSet {
        var copy = self
        copy.formUnion(other)
        return copy
    }

    mutating func formUnion(_ other: ByteSet) {
        words = (words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3)
    }

    /// Whether exactly one byte is in the set.
    var isSingle: Bool {
        words.0.nonzeroBitCount + words.1.nonzeroBitCount + words.2.nonzeroBitCount + words.3.nonzeroBitCount == 1
    }
}
