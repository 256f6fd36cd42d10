/// The string or comment left open at the end of a growing code block, found by a small lexical scan,
/// and the text that closes it.
///
/// A code block that streams is highlighted before it is complete. tree-sitter reads a string or comment
/// that is not closed yet (a docstring, a block comment, a template literal, a heredoc) as an error, and
/// its lines would show plain until the closing quote arrives, hundreds of lines later. Parsed with the
/// closer appended, they show as what they are. Only strings and comments (and the braces of an
/// interpolation in one): brackets are closed from the last parse's tree (`TreeBrackets`), and blocks
/// closed by a word are left to the grammar's error recovery. The scan knows each language's comment and
/// string delimiters, nothing else; where it is wrong (a regular expression holding a quote) the junk
/// appended after the code only changes the last line's colours, and a string that ends at its line's end
/// resets at the next line.
struct OpenStrings: Sendable {
    /// A comment or string: what opens and closes it, whether it goes on over lines, and whether a
    /// backslash escapes the next byte in it.
    struct Span: Sendable {
        var open: [UInt8]
        var close: [UInt8]
        var multiline: Bool
        var escapes: Bool
        /// What opens code inside the string (JavaScript's `${` in a template literal), closed by `}`.
        var interpolation: [UInt8]? = nil
    }

    /// Where the scan is: in code, inside span `spans[index]` opened at byte `openedAt`, or inside the
    /// heredoc ended by the line `word` (pending until the line that opened it ends).
    enum State: Equatable, Sendable {
        case code
        case span(index: Int, openedAt: Int)
        /// Code inside an interpolation of span `spans[index]`, `depth` braces deep.
        case interpolation(index: Int, openedAt: Int, depth: Int)
        case heredoc(word: [UInt8], openedAt: Int, pending: Bool)
    }

    private let lineComments: [[UInt8]]
    private let spans: [Span]
    private let heredocs: Bool
    /// What may begin an interpolation in a string that escapes (Ruby's `#{`, a shell's `$x`, Perl's `@x`).
    private let interpolations: [UInt8]
    /// Whether a string after an `f` prefix (Python's f-string) holds code between `{` and `}`.
    private let formatStrings: Bool
    /// The bytes that may begin a comment, a span or a heredoc, or end a line: in code, the scan skips
    /// the others without looking at the delimiters.
    private let codeStarts: [Bool]
    /// The state at `offset`, a line start up to which the code was scanned.
    private(set) var state = State.code
    private(set) var offset = 0

    /// The scanner for the language with catalogue id `language` (one that knows no delimiters for an
    /// unknown language, and never closes anything).
    init(language: String) {
        func span(_ open: String, _ close: String, multiline: Bool = false, escapes: Bool = true) -> Span {
            Span(open: Array(open.utf8), close: Array(close.utf8), multiline: multiline, escapes: escapes)
        }
        let quotes = [span("\"", "\""), span("'", "'")]
        let cBlock = span("/*", "*/", multiline: true, escapes: false)
        var comments = ["//"]
        var found: [Span] = [cBlock] + quotes
        var heredocs = false
        let dollar = ["bash", "fish", "perl", "php", "julia", "nix", "kotlin", "scala", "dart", "groovy", "powershell"]
        formatStrings = language == "python"
        interpolations =
            ["ruby", "elixir", "crystal"].contains(language)
            ? [UInt8(ascii: "#")] : dollar.contains(language) ? [UInt8(ascii: "$"), UInt8(ascii: "@")] : []
        switch language {
        case "javascript", "typescript", "tsx":
            var template = span("`", "`", multiline: true)
            template.interpolation = Array("${".utf8)
            found.append(template)
        case "go": found.append(span("`", "`", multiline: true, escapes: false))
        case "rust": found = [cBlock, span("\"", "\"", multiline: true)]
        case "kotlin", "swift", "scala", "groovy", "dart":
            found.insert(span("\"\"\"", "\"\"\"", multiline: true), at: 0)
        case "c", "cpp", "c_sharp", "java", "objc", "glsl", "wgsl", "zig", "proto", "solidity", "hcl", "jsonnet": break
        case "css", "scss":
            comments = language == "css" ? [] : comments
        case "python", "toml", "starlark", "elixir", "julia", "nix":
            comments = ["#"]
            found = [span("\"\"\"", "\"\"\"", multiline: true), span("'''", "'''", multiline: true)] + quotes
        case "ruby", "bash", "fish", "perl", "r", "yaml", "make", "dockerfile", "cmake", "powershell":
            comments = ["#"]
            let multiline = language == "ruby" || language == "bash" || language == "fish" || language == "perl"
            found = [span("\"", "\"", multiline: multiline), span("'", "'", multiline: multiline, escapes: false)]
            heredocs = multiline
        case "php":
            comments = ["//", "#"]
            found = [cBlock, span("\"", "\"", multiline: true), span("'", "'", multiline: true)]
        case "lua", "luau":
            comments = ["--"]
            found =
                [
                    span("--[[", "]]", multiline: true, escapes: false),
                    span("[[", "]]", multiline: true, escapes: false),
                ]
                + quotes
        case "sql":
            comments = ["--"]
            found = [cBlock, span("'", "'", multiline: true, escapes: false), span("\"", "\"")]
        case "haskell", "elm", "purescript":
            comments = ["--"]
            found = [span("{-", "-}", multiline: true, escapes: false), span("\"", "\"")]
        case "html", "xml", "svelte", "vue", "astro", "markdown":
            comments = []
            found = [span("<!--", "-->", multiline: true, escapes: false)]
        case "ocaml", "fsharp":
            comments = language == "fsharp" ? ["//"] : []
            found = [span("(*", "*)", multiline: true, escapes: false), span("\"", "\"", multiline: true)]
        case "json": (comments, found) = ([], [span("\"", "\"")])
        default: (comments, found) = ([], [])
        }
        lineComments = comments.map { Array($0.utf8) }
        spans = found
        self.heredocs = heredocs
        var starts = Array(repeating: false, count: 256)
        for first in lineComments.compactMap(\.first) + found.compactMap(\.open.first) + [0x0A] {
            starts[Int(first)] = true
        }
        if heredocs { starts[Int(UInt8(ascii: "<"))] = true }
        codeStarts = starts
    }

    /// Scans `code` from `offset` (where the last scan stopped) to its last line start, so that the next
    /// scan starts there; `code` must start with the code scanned before.
    mutating func advance(over code: UnsafeBufferPointer<UInt8>) {
        guard let lastLine = code[offset...].lastIndex(of: 0x0A) else { return }
        state = scan(code, from: offset, to: lastLine + 1, in: state)
        offset = lastLine + 1
    }

    /// The state at the end of `code` (scanned from `offset`, after `advance(over:)`).
    func end(of code: UnsafeBufferPointer<UInt8>) -> State {
        scan(code, from: offset, to: code.count, in: state)
    }

    /// What closes `state` at the end of `code`: nothing in code.
    func closer(for state: State, after code: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        switch state {
        case .code: return []
        case .span(let index, _):
            // Code cut after an escape's backslash: a space ends the escape, not the closing quote.
            let backslashes = code.reversed().prefix { $0 == UInt8(ascii: "\\") }.count
            return (spans[index].escapes && backslashes % 2 == 1 ? [0x20] : []) + spans[index].close
        case .interpolation(let index, _, let depth):
            return Array(repeating: UInt8(ascii: "}"), count: depth) + spans[index].close
        case .heredoc(let word, _, let pending):
            if pending { return [] }
            return (code.last == 0x0A ? [] : [0x0A]) + word + [0x0A]
        }
    }

    /// The opener of a span or heredoc that `state` is inside of in `code`, when it goes on over lines:
    /// from its first byte to the first byte that may be inside (a heredoc's, on the next line).
    func opener(of state: State, in code: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        switch state {
        case .code: return nil
        case .span(let index, let at), .interpolation(let index, let at, _):
            return spans[index].multiline ? at..<(at + spans[index].open.count) : nil
        case .heredoc(_, let at, let pending):
            return pending ? nil : code[at...].firstIndex(of: 0x0A).map { at..<($0 + 1) }
        }
    }

    /// Whether the string or comment `state` is inside of in `code` takes one colour over `text`, which
    /// it spans: `text` holds nothing that may be coloured apart (an escape, an interpolation).
    func isPlain(_ text: Slice<UnsafeBufferPointer<UInt8>>, in state: State, of code: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        guard case .span(let index, let at) = state else { return false }
        let span = spans[index]
        var special = Array(interpolation(of: span, openedAt: at, in: code)?.prefix(1) ?? [])
        if span.escapes { special += [UInt8(ascii: "\\")] + interpolations }
        // A bit for each ASCII byte that stops it: the scan runs over every new line.
        let (low, high) = special.reduce((UInt64(0), UInt64(0))) {
            $1 < 64 ? ($0.0 | 1 << $1, $0.1) : ($0.0, $0.1 | 1 << ($1 & 63))
        }
        return !text.contains { $0 < 64 ? low >> $0 & 1 != 0 : $0 < 128 && high >> ($0 & 63) & 1 != 0 }
    }

    /// What opens code inside `span`, opened at byte `at` of `code`: its own opener (a template literal's
    /// `${`), or `{` in a Python f-string.
    private func interpolation(of span: Span, openedAt at: Int, in code: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        span.interpolation ?? (formatStrings && code[max(0, at - 2)..<at].contains { $0 | 0x20 == 0x66 } ? [0x7B] : nil)
    }

    private func scan(_ code: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, in initial: State) -> State {
        func has(_ text: [UInt8], at index: Int) -> Bool {
            index + text.count <= end && text.indices.allSatisfy { code[index + $0] == text[$0] }
        }
        var state = initial
        var index = start
        var lineStart = start == 0 || code[start - 1] == 0x0A
        while index < end {
            let byte = code[index]
            switch state {
            case .code:
                // Most bytes of code open nothing: skipped in one loop.
                if !codeStarts[Int(byte)] {
                    index += 1
                    while index < end, !codeStarts[Int(code[index])] { index += 1 }
                    lineStart = false
                    continue
                }
                if lineComments.contains(where: { has($0, at: index) }) {
                    while index < end, code[index] != 0x0A { index += 1 }
                    continue
                }
                if let found = spans.firstIndex(where: { has($0.open, at: index) }) {
                    state = .span(index: found, openedAt: index)
                    index += spans[found].open.count
                    lineStart = false
                    continue
                }
                if heredocs, byte == UInt8(ascii: "<"), let (word, length) = Self.heredocWord(code, at: index, end: end)
                {
                    state = .heredoc(word: word, openedAt: index, pending: true)
                    index += length
                    continue
                }
            case .span(let found, let at):
                let span = spans[found]
                let opener = interpolation(of: span, openedAt: at, in: code)
                // Bytes that cannot escape, interpolate, close the span or end a line: skipped in one loop.
                let (close, interpolation) = (span.close[0], opener?.first)
                func passes(_ byte: UInt8) -> Bool {
                    byte != close && byte != 0x0A && byte != UInt8(ascii: "\\") && byte != interpolation
                }
                if passes(byte) {
                    index += 1
                    while index < end, passes(code[index]) { index += 1 }
                    lineStart = false
                    continue
                }
                if span.escapes, byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if let opener, has(opener, at: index) {
                    state = .interpolation(index: found, openedAt: at, depth: 1)
                    index += opener.count
                    continue
                }
                if has(span.close, at: index) {
                    state = .code
                    index += span.close.count
                    continue
                }
                if byte == 0x0A, !span.multiline { state = .code }
            case .interpolation(let found, let at, let depth):
                if byte == UInt8(ascii: "{") { state = .interpolation(index: found, openedAt: at, depth: depth + 1) }
                if byte == UInt8(ascii: "}") {
                    state =
                        depth == 1
                        ? .span(index: found, openedAt: at)
                        : .interpolation(index: found, openedAt: at, depth: depth - 1)
                }
            case .heredoc(let word, let at, let pending):
                if byte == 0x0A {
                    if pending { state = .heredoc(word: word, openedAt: at, pending: false) }
                    index += 1
                    lineStart = true
                    continue
                }
                if lineStart, !pending {
                    var first = index
                    while first < end, code[first] == 0x20 || code[first] == 0x09 { first += 1 }
                    if has(word, at: first), first + word.count == end || code[first + word.count] == 0x0A {
                        state = .code
                        index = first + word.count
                        continue
                    }
                }
            }
            lineStart = byte == 0x0A
            index += 1
        }
        return state
    }

    /// The terminator word of a heredoc opened at `index` (`<<EOF`, `<<~EOS`, `<<-'END'`) and the
    /// opener's length.
    private static func heredocWord(_ code: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> ([UInt8], Int)? {
        var next = index + 2
        guard next < end, code[index + 1] == UInt8(ascii: "<") else { return nil }
        if code[next] == UInt8(ascii: "~") || code[next] == UInt8(ascii: "-") { next += 1 }
        let quote = next < end && (code[next] == UInt8(ascii: "'") || code[next] == UInt8(ascii: "\"")) ? 1 : 0
        next += quote
        let start = next
        while next < end, code[next] == UInt8(ascii: "_") || (code[next] | 0x20 >= 0x61 && code[next] | 0x20 <= 0x7A) {
            next += 1
        }
        guard next > start, code[start] != UInt8(ascii: "_") || next - start > 1 else { return nil }
        return (Array(code[start..<next]), next + quote - index)
    }
}
