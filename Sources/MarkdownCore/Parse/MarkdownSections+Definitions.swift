/// What the lines of a body define and what its sections refer to, for `MarkdownSections`: link
/// reference definitions (their labels compared as cmark compares them, so that a section is parsed
/// behind only the definitions it may use) and footnote definitions.
extension MarkdownSections {
    /// The definitions `section` may use, in order: those whose label, compared as a key, is written
    /// between brackets somewhere in it (every reference writes its label so), and those whose label
    /// has characters the key cannot compare safely. The others cannot change how it parses.
    func definitions(usedIn section: Substring) -> String {
        guard !definitionEntries.isEmpty else { return "" }
        let bracketed = Self.bracketedKeys(in: section)
        var text = ""
        for entry in definitionEntries where entry.key.map(bracketed.contains) ?? true {
            text += entry.text
        }
        return text
    }

    /// A label compared as cmark compares them (case-insensitively, runs of white space as one space),
    /// for ASCII labels without escapes; nil for any other label.
    private static func key<S: StringProtocol>(ofLabel label: S) -> String? {
        var key: [UInt8] = []
        var pendingSpace = false
        for byte in label.utf8 {
            guard byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = !key.isEmpty
                continue
            }
            if pendingSpace { key.append(0x20) }
            pendingSpace = false
            key.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// The key of a definition line's label (`[label]: …`).
    static func key(ofDefinition definition: Substring) -> String? {
        guard let close = definition.firstRange(of: "]:") else { return nil }
        return key(ofLabel: definition[definition.index(after: definition.startIndex)..<close.lowerBound])
    }

    /// The keys of every text between a `[` and the next `]` in `section` (at most 1,000 bytes: no
    /// label is longer).
    private static func bracketedKeys(in section: Substring) -> Set<String> {
        var keys = Set<String>()
        let bytes = section.utf8
        var open: Substring.UTF8View.Index?
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "[") {
                open = bytes.index(after: index)
            } else if byte == UInt8(ascii: "]"), let start = open {
                if bytes.distance(from: start, to: index) <= 1_000, let key = key(ofLabel: section[start..<index]) {
                    keys.insert(key)
                }
                open = nil
            }
            index = bytes.index(after: index)
        }
        return keys
    }

    /// The labels of every `[^label]:` in `line` (a footnote label holds no space, tab or `]`).
    static func footnoteLabels(in line: Substring) -> [String] {
        guard Self.contains(line, UInt8(ascii: "["), UInt8(ascii: "^")),
            Self.contains(line, UInt8(ascii: "]"), UInt8(ascii: ":"))
        else { return [] }
        var labels: [String] = []
        var rest = line[...]
        while let open = rest.firstRange(of: "[^") {
            let after = rest[open.upperBound...]
            let label = after.prefix { $0 != "]" && $0 != " " && $0 != "\t" }
            rest = after
            guard !label.isEmpty, after.dropFirst(label.count).hasPrefix("]:") else { continue }
            labels.append(String(label))
        }
        return labels
    }

    /// Whether the two bytes follow each other somewhere in `line` (cheaper than a string search).
    private static func contains(_ line: Substring, _ first: UInt8, _ second: UInt8) -> Bool {
        var previous: UInt8 = 0
        for byte in line.utf8 {
            if previous == first && byte == second { return true }
            previous = byte
        }
        return false
    }

    /// The line, without the block quote markers, list markers and indentation before it, when it may
    /// define a link reference (`[label]: destination`).
    static func definitionCandidate(_ line: Substring) -> Substring? {
        guard line.utf8.contains(UInt8(ascii: "[")) else { return nil }
        let stripped = line.drop {
            $0 == " " || $0 == ">" || $0 == "\t" || $0 == "-" || $0 == "+" || $0 == "*" || $0.isASCIIDigitOrDelimiter
        }
        guard stripped.first == "[", let close = stripped.firstRange(of: "]:") else { return nil }
        let label = stripped[stripped.index(after: stripped.startIndex)..<close.lowerBound]
        // `[^label]:` defines a footnote, not a link.
        guard !label.isEmpty, !label.contains("]"), label.first != "^" else { return nil }
        return stripped
    }

    /// Whether a definition line holds its destination (otherwise it is on the next line).
    static func hasDestination(_ definition: Substring) -> Bool {
        guard let close = definition.firstRange(of: "]:") else { return false }
        return definition[close.upperBound...].contains { $0 != " " && $0 != "\t" }
    }
}

extension Character {
    /// A digit, `.` or `)`: what an ordered list marker is made of.
    fileprivate var isASCIIDigitOrDelimiter: Bool {
        self == "." || self == ")" || ("0"..."9").contains(self)
    }
}
