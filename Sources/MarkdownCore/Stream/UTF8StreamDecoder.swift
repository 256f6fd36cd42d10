/// Decodes UTF-8 that arrives in pieces exactly as the one-shot reader decodes it whole: a sequence split
/// across two pieces is joined, invalid bytes become U+FFFD (one per maximal invalid subpart, as Swift's
/// `String(decoding:as:)` does), and a byte-order mark at the very start is dropped.
///
/// Streaming needs this because a read can end anywhere, also in the middle of a character.
public struct UTF8StreamDecoder: Sendable {
    /// Bytes held back: the start of a sequence that the next piece may complete.
    private var held: [UInt8] = []
    /// Whether a byte-order mark can still come (nothing but a prefix of one has arrived yet).
    private var atStart = true

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    public init() {}

    /// The text of `bytes` that can be decoded now; an unfinished sequence at the end is kept for later.
    public mutating func decode(_ bytes: some Collection<UInt8>) -> String {
        // Read through a buffer: this runs at every read of a stream, and generic code over the collection
        // cost more than the rest of reading a token.
        if let text = bytes.withContiguousStorageIfAvailable({ decode(buffer: $0) }) { return text }
        return Array(bytes).withUnsafeBufferPointer { decode(buffer: $0) }
    }

    private mutating func decode(buffer bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Most pieces follow one that ended a character and end in ASCII themselves: decoded as they are.
        if held.isEmpty, !atStart, let last = bytes.last, last < 0x80 {
            return String(decoding: bytes, as: UTF8.self)
        }
        var input = held
        input.append(contentsOf: bytes)
        held = []
        if atStart {
            if input.count < 3 && Self.byteOrderMark.starts(with: input) {
                held = input
                return ""
            }
            atStart = false
            if input.starts(with: Self.byteOrderMark) { input.removeFirst(3) }
        }
        let keep = Self.unfinishedSuffixLength(input)
        if keep > 0 {
            held = Array(input.suffix(keep))
            input.removeLast(keep)
        }
        return String(decoding: input, as: UTF8.self)
    }

    /// Whatever is still held, decoded (an unfinished sequence at the end of input becomes U+FFFD).
    public mutating func finish() -> String {
        let rest = held
        held = []
        atStart = false
        return String(decoding: rest, as: UTF8.self)
    }

    /// How many bytes at the end of `bytes` are a valid but unfinished multi-byte sequence.
    static func unfinishedSuffixLength(_ bytes: [UInt8]) -> Int {
        let end = bytes.count
        var start = end - 1
        // The lead byte is at most three bytes back (a four-byte sequence missing its last byte).
        while start >= 0 && start >= end - 3 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        guard start >= 0 && start >= end - 3 else { return 0 }
        let lead = bytes[start]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        let present = end - start
        guard present < length else { return 0 }
        if present >= 2 {
            // The second byte's range depends on the lead byte (no overlong forms, no surrogates).
            let second = bytes[start + 1]
            let range: ClosedRange<UInt8>
            switch lead {
            case 0xE0: range = 0xA0...0xBF
            case 0xED: range = 0x80...0x9F
            case 0xF0: range = 0x90...0xBF
            case 0xF4: range = 0x80...0x8F
            default: range = 0x80...0xBF
            }
            guard range.contains(second) else { return 0 }
        }
        return present
    }
}
