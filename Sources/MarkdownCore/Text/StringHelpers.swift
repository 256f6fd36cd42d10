import Glibc

/// Small string helpers shared by parsing, layout and the image target (which needs nothing beyond
/// FoundationEssentials).
extension StringProtocol {
    /// Without leading and trailing spaces, tabs and line breaks.
    package var trimmedWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }

    /// Every tab as one space: in prose a tab separates words and aligns nothing (code and verbatim
    /// HTML expand tabs to stops instead, see `CodeRows`).
    package func replacingTabs() -> String {
        guard containsTab else { return String(self) }
        return String(map { $0 == "\t" ? " " : $0 })
    }

    /// Whether the text holds a tab: `memchr` over contiguous UTF-8 where the text has it (it always
    /// does for native strings), many times cheaper than `utf8.contains`'s indexed walk.
    package var containsTab: Bool {
        utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, 0x09, bytes.count) != nil
        } ?? utf8.contains(0x09)
    }
}

extension ArraySlice<UInt8> {
    /// Whether the bytes hold `first` immediately followed by `second` (a definition's `]:`, a footnote's
    /// `[^`, PHP's `<?`): a loop over concrete bytes, which runs on every new line of a stream and at
    /// every highlight of a growing block.
    package func contains(_ first: UInt8, followedBy second: UInt8) -> Bool {
        var previous: UInt8 = 0
        for byte in self {
            if byte == second && previous == first { return true }
            previous = byte
        }
        return false
    }
}

extension String {
    /// `text` `count` times over (none for a count below one), gathered on the stack and made a string
    /// once: `String(repeating:count:)` appends the text once a copy, thousands of instructions for a
    /// row's margin or rule.
    package static func repeated(_ text: String, count: Int) -> String {
        guard count > 1 else { return count == 1 ? text : "" }
        var text = text
        return text.withUTF8 { unit in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: unit.count * count) { buffer in
                var offset = 0
                for _ in 0..<count {
                    for byte in unit {
                        buffer[offset] = byte
                        offset += 1
                    }
                }
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<offset]), as: UTF8.self)
            }
        }
    }

    /// Whether the string holds `part`, compared byte by byte. String's own `contains(_:)` (from
    /// _StringProcessing) builds a table of Characters, whose first use costs a scan of the runtime's
    /// protocol conformances (about 0.25 M instructions): too much for checks every run makes at start-up.
    package func containsBytes(_ part: String) -> Bool {
        byteOffset(of: part) != nil
    }

    /// The offset in `utf8` where `part` first starts, compared byte by byte (see `containsBytes`).
    package func byteOffset(of part: String) -> Int? {
        let text = Array(utf8)
        let part = Array(part.utf8)
        guard part.count <= text.count else { return nil }
        return (0...(text.count - part.count)).first { start in
            text[start..<start + part.count].elementsEqual(part)
        }
    }

    /// `%XX` escapes decoded (as cmark writes them into link destinations); nil when malformed or not UTF-8.
    package var percentDecoded: String? {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var utf8 = Array(self.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == 0x25 else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// The scheme of a URL-like source (`https:` in a link or image destination).
package enum URLScheme {
    /// The lower-cased URL scheme, when the source starts with one (`x:` with at least two letters, so a
    /// Windows-style `C:` is not taken for a scheme).
    package static func of(_ source: String) -> String? {
        guard let colon = source.firstIndex(of: ":") else { return nil }
        let name = source[..<colon]
        guard name.count >= 2, let first = name.first, first.isASCII, first.isLetter,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        return name.lowercased()
    }
}
