/// Finds the languages named by code fences (```` ```python ````, `~~~ rust`) in raw Markdown, before it
/// is parsed, so that their grammars can start loading while cmark parses.
///
/// It is a guess, not a parse: a fence inside another code block counts too. That is harmless — loading
/// a language nobody uses only costs a background thread some time — and the exact list still comes
/// from the parsed document.
enum FenceLanguageScanner {
    /// Distinct languages in order of first appearance, at most `limit` of them.
    static func languages(in markdown: String, limit: Int = 16) -> [String] {
        var found: [String] = []
        var seen = Set<String>()
        var text = markdown
        text.withUTF8 { bytes in
            var index = 0
            let count = bytes.count
            while index < count, found.count < limit {
                // At a line start: skip indentation and block-quote markers.
                var position = index
                while position < count, bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x3E {
                    position += 1
                }
                if position + 3 < count, let language = language(after: position, in: bytes),
                    seen.insert(language.lowercased()).inserted
                {
                    found.append(language)
                }
                // Next line.
                while index < count, bytes[index] != 0x0A { index += 1 }
                index += 1
            }
        }
        return found
    }

    /// The info string's first word after a fence of three or more backticks or tildes at `position`.
    private static func language(after position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let fence = bytes[position]
        guard fence == 0x60 || fence == 0x7E else { return nil }
        var index = position
        while index < bytes.count, bytes[index] == fence { index += 1 }
        guard index - position >= 3 else { return nil }
        while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        let start = index
        while index < bytes.count, index - start < 32 {
            let byte = bytes[index]
            let isWordByte =
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x23 || byte == 0x2D || byte == 0x5F
            guard isWordByte else { break }
            index += 1
        }
        guard index > start else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }
}
