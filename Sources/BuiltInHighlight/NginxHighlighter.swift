import MarkdownCore

/// Colours an `nginx` configuration block: `#` comments, each statement's directive (its first word,
/// after a `;`, `{` or `}`), quoted strings, variables (`$host`, `${host}`, also inside words and
/// strings), numbers, sizes and times (`80`, `10m`, `1.5s`, `127.0.0.1:8080`), `on`/`off`, the match
/// operators of `location` and `if`, the regular expression after them or `rewrite`'s, and the braces,
/// parentheses and semicolons.
///
/// No tree-sitter grammar for nginx exists at the ABI libtree-sitter loads, and the syntax is a simple
/// one to scan: a statement is words up to a `;` or a block's `{`, and a `#` at the start of a word
/// begins a comment, as nginx's own reader has it.
enum NginxHighlighter {
    static func tokens(for code: String) -> [SyntaxToken] {
        var scanner = Scanner(bytes: Array(code.utf8))
        scanner.run()
        return scanner.tokens
    }

    /// The words that make `location` and `if` match against a regular expression.
    static let regexOperators: Set<String> = ["~", "~*", "!~", "!~*"]
    /// The other operators of `location` (exact and prefix matches) and of `if` (comparisons, file tests).
    static let operators: Set<String> = [
        "=", "^~", "!=", "-f", "!-f", "-d", "!-d", "-e", "!-e", "-x", "!-x",
    ]
    static let constants: Set<String> = ["on", "off"]

    private struct Scanner {
        let bytes: [UInt8]
        var tokens: [SyntaxToken] = []
        var index = 0
        /// The directive of the statement being read; nil before its first word.
        var directive: String?
        /// The arguments of the statement read so far (its directive not counted).
        var arguments = 0
        /// Whether the next argument is a regular expression (after `~`, or `rewrite`'s first).
        var regexNext = false

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func run() {
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    index += 1
                case UInt8(ascii: "#"):
                    let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                    add(index..<end, "comment")
                    index = end
                case UInt8(ascii: ";"):
                    add(index..<(index + 1), "punctuation.delimiter")
                    endStatement()
                case UInt8(ascii: "{"), UInt8(ascii: "}"):
                    add(index..<(index + 1), "punctuation.bracket")
                    endStatement()
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    quoted(byte)
                default:
                    word()
                }
            }
        }

        mutating func add(_ range: Range<Int>, _ capture: String) {
            if !range.isEmpty { tokens.append(SyntaxToken(range: range, capture: capture)) }
        }

        mutating func endStatement() {
            index += 1
            directive = nil
            arguments = 0
            regexNext = false
        }

        /// A quoted argument: a string with its variables coloured as variables (a regex is one whole).
        mutating func quoted(_ quote: UInt8) {
            let start = index
            index += 1
            while index < bytes.count, bytes[index] != quote {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            index = min(index + 1, bytes.count)
            if directive == nil {
                directive = String(decoding: bytes[start..<index], as: UTF8.self)
                add(start..<index, "keyword")
                return
            }
            if regexNext {
                add(start..<index, "string.regex")
                regexNext = false
            } else {
                withVariables(start..<index, otherwise: "string")
            }
            arguments += 1
        }

        /// An unquoted word: up to white space, `;`, `{` or `}` (a `${name}` is part of it).
        mutating func word() {
            var start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") {
                    index = (bytes[index...].firstIndex(of: UInt8(ascii: "}")) ?? bytes.count - 1) + 1
                    continue
                }
                if [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ";")]
                    .contains(byte) || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
                {
                    break
                }
                index += 1
            }
            var end = index
            // `if ($request_method = POST)`: the condition's parentheses are punctuation.
            if directive == "if", bytes[start] == UInt8(ascii: "(") {
                add(start..<(start + 1), "punctuation.bracket")
                start += 1
            }
            let closes = directive == "if" && end > start && bytes[end - 1] == UInt8(ascii: ")")
            if closes { end -= 1 }
            let isArgument = directive != nil
            classify(start..<end)
            if closes { add(end..<(end + 1), "punctuation.bracket") }
            if isArgument { arguments += 1 }
        }

        mutating func classify(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            let text = String(decoding: bytes[range], as: UTF8.self)
            guard let directive else {
                directive = text
                add(range, "keyword")
                // `rewrite`'s first argument is a regular expression.
                regexNext = text == "rewrite"
                return
            }
            if regexNext {
                add(range, "string.regex")
                regexNext = false
            } else if (directive == "location" && arguments == 0) || directive == "if",
                regexOperators.contains(text) || operators.contains(text)
            {
                add(range, "operator")
                regexNext = regexOperators.contains(text)
            } else if isNumber(range) {
                add(range, "number")
            } else if NginxHighlighter.constants.contains(text) {
                add(range, "constant.builtin")
            } else {
                withVariables(range, otherwise: nil)
            }
        }

        /// The range's variables as `variable.builtin`, the rest as `otherwise` (or plain when nil).
        mutating func withVariables(_ range: Range<Int>, otherwise capture: String?) {
            var plainStart = range.lowerBound
            var position = range.lowerBound
            while position < range.upperBound {
                guard bytes[position] == UInt8(ascii: "$"),
                    let end = variableEnd(from: position, limit: range.upperBound)
                else {
                    position += 1
                    continue
                }
                if let capture { add(plainStart..<position, capture) }
                add(position..<end, "variable.builtin")
                position = end
                plainStart = end
            }
            if let capture { add(plainStart..<range.upperBound, capture) }
        }

        /// The end of the variable whose `$` is at `start` (`$name` or `${name}`); nil when none starts there.
        func variableEnd(from start: Int, limit: Int) -> Int? {
            var end = start + 1
            if end < limit, bytes[end] == UInt8(ascii: "{") {
                guard let close = bytes[end..<limit].firstIndex(of: UInt8(ascii: "}")) else { return nil }
                return close + 1
            }
            while end < limit, Self.isNameByte(bytes[end]) { end += 1 }
            return end > start + 1 ? end : nil
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }

        /// A number, a size or time with its unit (`10m`, `1.5s`, `30d`), or an address (`127.0.0.1:80`).
        func isNumber(_ range: Range<Int>) -> Bool {
            let digits = bytes[range].prefix {
                ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".")
                    || $0 == UInt8(ascii: ":")
            }
            guard let first = digits.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return false }
            let unit = String(decoding: bytes[(range.lowerBound + digits.count)..<range.upperBound], as: UTF8.self)
            return ["", "k", "K", "m", "M", "g", "G", "s", "ms", "h", "d", "w", "y"].contains(unit)
        }
    }
}
