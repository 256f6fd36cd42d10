import MarkdownCore

/// Colours an `http` block: the request line (method, target, version) or status line (version, code,
/// reason), the header fields (name, value), and the body after the blank line in the language its
/// `Content-Type` names (JSON when it names none and the body starts with `{` or `[`).
///
/// A block may hold several messages (a request and its response): a line starting with a method or
/// `HTTP/` after a body starts the next one.
enum HTTPHighlighter {
    static let methods: Set<String> = [
        "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "CONNECT", "TRACE", "PROPFIND", "MKCOL",
    ]

    /// `highlight(program, alias)` colours a body in a language (nil when it cannot).
    static func tokens(for code: String, highlight: (String, String) -> [SyntaxToken]?) -> [SyntaxToken] {
        let bytes = Array(code.utf8)
        var tokens: [SyntaxToken] = []
        var state = State.startLine
        var contentType: String?
        var body = EmbeddedCode()

        func finishBody() {
            guard !body.isEmpty else { return }
            let program = String(decoding: body.program, as: UTF8.self)
            if let alias = bodyLanguage(contentType: contentType, body: body.program),
                let found = highlight(program, alias)
            {
                tokens += body.blockTokens(found)
            }
            body = EmbeddedCode()
        }

        for line in LineSplit.ranges(in: bytes) {
            let text = String(decoding: bytes[line], as: UTF8.self)
            if state == .body, startLine(text) != nil {
                finishBody()
                state = .startLine
                contentType = nil
            }
            switch state {
            case .startLine:
                guard !text.isEmpty else { continue }
                tokens += (startLine(text) ?? []).map {
                    SyntaxToken(
                        range: (line.lowerBound + $0.range.lowerBound)..<(line.lowerBound + $0.range.upperBound),
                        capture: $0.capture)
                }
                state = .headers
            case .headers:
                if text.isEmpty {
                    state = .body
                    continue
                }
                guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) else { continue }
                let nameEnd = text.utf8.distance(from: text.utf8.startIndex, to: colon)
                tokens.append(SyntaxToken(range: line.lowerBound..<(line.lowerBound + nameEnd), capture: "property"))
                tokens.append(
                    SyntaxToken(
                        range: (line.lowerBound + nameEnd)..<(line.lowerBound + nameEnd + 1),
                        capture: "punctuation.delimiter"))
                var valueStart = nameEnd + 1
                while valueStart < line.count, bytes[line.lowerBound + valueStart] == UInt8(ascii: " ") {
                    valueStart += 1
                }
                if valueStart < line.count {
                    tokens.append(
                        SyntaxToken(range: (line.lowerBound + valueStart)..<line.upperBound, capture: "string"))
                }
                if String(decoding: bytes[line.lowerBound..<(line.lowerBound + nameEnd)], as: UTF8.self).lowercased()
                    == "content-type"
                {
                    contentType = String(
                        decoding: bytes[(line.lowerBound + valueStart)..<line.upperBound], as: UTF8.self
                    )
                    .lowercased()
                }
            case .body:
                body.append(line, of: bytes)
            }
        }
        finishBody()
        return tokens
    }

    private enum State { case startLine, headers, body }

    /// The tokens of a request or status line, offsets within it; nil when `line` is neither.
    static func startLine(_ line: String) -> [SyntaxToken]? {
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        guard let first = words.first else { return nil }
        var tokens: [SyntaxToken] = []
        var offset = 0
        func add(_ word: Substring, _ capture: String) {
            tokens.append(SyntaxToken(range: offset..<(offset + word.utf8.count), capture: capture))
        }
        if first.hasPrefix("HTTP/") {
            for (index, word) in words.enumerated() {
                if !word.isEmpty { add(word, index == 0 ? "constant" : index == 1 ? "number" : "string") }
                offset += word.utf8.count + 1
            }
            return tokens
        }
        guard methods.contains(String(first)), words.count >= 2 else { return nil }
        for (index, word) in words.enumerated() {
            if !word.isEmpty { add(word, index == 0 ? "keyword" : word.hasPrefix("HTTP/") ? "constant" : "string") }
            offset += word.utf8.count + 1
        }
        return tokens
    }

    /// The language alias a body's `Content-Type` names, or JSON's for a body that looks like JSON.
    static func bodyLanguage(contentType: String?, body: [UInt8]) -> String? {
        if let type = contentType?.split(separator: ";").first?.trimmingSpaces {
            if type.hasSuffix("json") || type.hasSuffix("+json") { return "json" }
            if type.hasSuffix("xml") || type.hasSuffix("html") { return "html" }
            if type.hasSuffix("javascript") { return "javascript" }
            if type.hasSuffix("css") { return "css" }
            if type.hasSuffix("yaml") { return "yaml" }
            if type.hasSuffix("graphql") { return "graphql" }
            if type.hasSuffix("toml") { return "toml" }
            return nil
        }
        let first = body.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? "json" : nil
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
