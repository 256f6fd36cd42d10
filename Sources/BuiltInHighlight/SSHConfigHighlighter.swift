import MarkdownCore

/// Colours an `ssh_config` block (OpenSSH's client configuration, and `sshd_config`, which has the same
/// form) line by line: `#` comment lines, the keyword starting each line (`Host`, `Match` and `Include`
/// as keywords, the options as properties), the `Host` patterns and `Match` criteria that open a
/// section, and in the values: quoted strings, `yes`/`no`-style constants, numbers and times, `%h`-style
/// tokens and `${VAR}` environment variables.
///
/// No tree-sitter grammar for ssh_config exists at the ABI libtree-sitter loads, and each line is one
/// keyword and its arguments, separated by white space or an `=`, so a line scanner reads it exactly.
enum SSHConfigHighlighter {
    /// The keywords that open a section or bring in another file.
    static let sectionKeywords: Set<String> = ["host", "match", "include"]
    /// `Match`'s criteria; those in `criteriaWithArgument` take a pattern after them.
    static let criteria: Set<String> = [
        "all", "canonical", "final", "exec", "localnetwork", "host", "originalhost", "tagged", "user",
        "localuser", "address", "localaddress", "localport", "rdomain", "group",
    ]
    static let criteriaWithArgument: Set<String> = [
        "exec", "localnetwork", "host", "originalhost", "tagged", "user", "localuser", "address",
        "localaddress", "localport", "rdomain", "group",
    ]
    static let constants: Set<String> = [
        "yes", "no", "ask", "confirm", "auto", "autoask", "always", "never", "none", "any", "accept-new", "off",
        "force", "delegated", "prohibit-password", "forced-commands-only", "local", "remote", "all",
    ]

    static func tokens(for code: String) -> [SyntaxToken] {
        let bytes = Array(code.utf8)
        var tokens: [SyntaxToken] = []
        for line in LineSplit.ranges(in: bytes) {
            tokens += lineTokens(bytes, line)
        }
        return tokens
    }

    /// The tokens of one line (`bytes[line]`).
    static func lineTokens(_ bytes: [UInt8], _ line: Range<Int>) -> [SyntaxToken] {
        var tokens: [SyntaxToken] = []
        func add(_ range: Range<Int>, _ capture: String) {
            if !range.isEmpty { tokens.append(SyntaxToken(range: range, capture: capture)) }
        }
        var index = line.lowerBound
        while index < line.upperBound, isSpace(bytes[index]) { index += 1 }
        guard index < line.upperBound else { return [] }
        if bytes[index] == UInt8(ascii: "#") {
            add(index..<line.upperBound, "comment")
            return tokens
        }
        let keywordStart = index
        while index < line.upperBound, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
        let keyword = String(decoding: bytes[keywordStart..<index], as: UTF8.self).lowercased()
        add(keywordStart..<index, sectionKeywords.contains(keyword) ? "keyword" : "property")
        var expectingPattern = keyword == "host"
        for (word, quoted) in words(bytes, from: index, to: line.upperBound) {
            let text = String(decoding: bytes[word], as: UTF8.self)
            if text == "=" {
                add(word, "operator")
                continue
            }
            var range = word
            // `!pattern` and `!criterion` negate.
            if !quoted, keyword == "host" || keyword == "match", bytes[range.lowerBound] == UInt8(ascii: "!") {
                add(range.lowerBound..<(range.lowerBound + 1), "operator")
                range = (range.lowerBound + 1)..<range.upperBound
            }
            if keyword == "match", !expectingPattern, criteria.contains(text.lowercased().trimmingNegation) {
                add(range, "attribute")
                expectingPattern = criteriaWithArgument.contains(text.lowercased().trimmingNegation)
                continue
            }
            if expectingPattern && !quoted {
                add(range, "type")
                expectingPattern = keyword == "host"
                continue
            }
            expectingPattern = keyword == "host"
            if quoted {
                add(range, "string")
            } else if constants.contains(text.lowercased()) {
                add(range, "constant.builtin")
            } else if isNumber(bytes[range]) {
                add(range, "number")
            } else {
                tokens += substitutions(bytes, range)
            }
        }
        return tokens
    }

    /// The arguments after the keyword: white-space separated words, a `"…"` being one (quoted true),
    /// and the `=` that may separate the keyword from them as a word of its own.
    static func words(_ bytes: [UInt8], from start: Int, to end: Int) -> [(Range<Int>, quoted: Bool)] {
        var result: [(Range<Int>, quoted: Bool)] = []
        var index = start
        var separatorAllowed = true
        while index < end {
            if isSpace(bytes[index]) {
                index += 1
                continue
            }
            let wordStart = index
            if separatorAllowed, bytes[index] == UInt8(ascii: "=") {
                result.append((index..<(index + 1), false))
                index += 1
                separatorAllowed = false
                continue
            }
            separatorAllowed = false
            if bytes[index] == UInt8(ascii: "\"") {
                index = (bytes[(index + 1)..<end].firstIndex(of: UInt8(ascii: "\"")) ?? end - 1) + 1
                result.append((wordStart..<index, true))
                continue
            }
            while index < end, !isSpace(bytes[index]) { index += 1 }
            result.append((wordStart..<index, false))
        }
        return result
    }

    /// `%h`-style tokens as `escape` and `${VAR}` environment variables as `variable.builtin` in a value.
    static func substitutions(_ bytes: [UInt8], _ range: Range<Int>) -> [SyntaxToken] {
        var tokens: [SyntaxToken] = []
        var index = range.lowerBound
        while index + 1 < range.upperBound {
            if bytes[index] == UInt8(ascii: "%") {
                tokens.append(SyntaxToken(range: index..<(index + 2), capture: "escape"))
                index += 2
            } else if bytes[index] == UInt8(ascii: "$"), bytes[index + 1] == UInt8(ascii: "{"),
                let close = bytes[index..<range.upperBound].firstIndex(of: UInt8(ascii: "}"))
            {
                tokens.append(SyntaxToken(range: index..<(close + 1), capture: "variable.builtin"))
                index = close + 1
            } else {
                index += 1
            }
        }
        return tokens
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// Digits, optionally followed by a time unit (`ConnectTimeout 10`, `ControlPersist 10m`).
    static func isNumber(_ word: ArraySlice<UInt8>) -> Bool {
        let digits = word.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !digits.isEmpty else { return false }
        let unit = String(decoding: word.dropFirst(digits.count), as: UTF8.self).lowercased()
        return ["", "s", "m", "h", "d", "w"].contains(unit)
    }
}

extension String {
    /// The criterion without a leading `!`.
    fileprivate var trimmingNegation: String {
        hasPrefix("!") ? String(dropFirst()) : self
    }
}
