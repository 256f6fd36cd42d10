import Glibc

extension String {
    /// Whether the string's UTF-8 bytes begin with all of `prefix`'s, compared as bytes (`memcmp`): a
    /// growing code block is told from another this way at each redraw, over thousands of lines.
    public func hasBytePrefix(_ prefix: String) -> Bool {
        var (text, prefix) = (self, prefix)
        return text.withUTF8 { text in
            prefix.withUTF8 { prefix in
                guard prefix.count <= text.count else { return false }
                guard let start = text.baseAddress, let prefixStart = prefix.baseAddress else { return prefix.isEmpty }
                return memcmp(start, prefixStart, prefix.count) == 0
            }
        }
    }
}
