import FoundationEssentials

/// Reads theme files (`--theme PATH`): JSON decoded by Foundation's `JSONDecoder`, laid over the
/// built-in theme the file names as its `base` (default `dark`).
public enum ThemeLoader {
    /// The theme in the file at `path`. Every problem is a `ThemeError` naming the file and, where it
    /// can be found, the line.
    public static func load(path: String) throws(ThemeError) -> Theme {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(path: path, limit: 1 << 20, regularFilesOnly: true)
        } catch .missing {
            let names = (["auto"] + Theme.Name.allCases.map(\.rawValue)).joined(separator: ", ")
            throw ThemeError(
                path: path, line: nil, reason: "no such theme: neither a built-in theme (\(names)) nor a file")
        } catch {
            throw ThemeError(path: path, line: nil, reason: error.reason)
        }
        let file = try decode(bytes, path: path)
        let baseName = file.base ?? Theme.Name.dark.rawValue
        guard let base = Theme.Name(rawValue: baseName) else {
            let names = Theme.Name.allCases.map(\.rawValue).joined(separator: ", ")
            throw ThemeError(
                path: path, line: ThemeError.line(of: ["base"], in: bytes),
                reason: "base '\(ThemeError.quoted(baseName))' is not a built-in theme (\(names))")
        }
        return Theme(file: file.inheriting(from: Theme.builtInFile(base)))
    }

    /// Decodes a theme file's JSON.
    static func decode(_ bytes: [UInt8], path: String) throws(ThemeError) -> ThemeFile {
        do {
            return try JSONDecoder().decode(ThemeFile.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw ThemeError(path: path, decoding: error, in: bytes)
        } catch {
            throw ThemeError(path: path, line: nil, reason: String(describing: error))
        }
    }
}

/// A theme file that cannot be used: where and why. The command prints `mdview: theme.json: line 3: …`
/// and exits with status 2.
public struct ThemeError: Error, Equatable, CustomStringConvertible {
    public var path: String
    /// The line at fault, when known.
    public var line: Int?
    public var reason: String

    public init(path: String, line: Int?, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    public var description: String {
        let file = ControlCharacterSanitizer.sanitize(path)
        return line.map { "\(file): line \($0): \(reason)" } ?? "\(file): \(reason)"
    }

    /// The decoder's error, said for a person: what is wrong, at which field and line.
    init(path: String, decoding error: DecodingError, in bytes: [UInt8]) {
        self.path = path
        let (context, what): (DecodingError.Context, String)
        switch error {
        case .typeMismatch(let type, let c): (context, what) = (c, "expected \(Self.describe(type))")
        case .valueNotFound(let type, let c): (context, what) = (c, "expected \(Self.describe(type))")
        case .keyNotFound(let key, let c): (context, what) = (c, "missing field '\(Self.quoted(key.stringValue))'")
        case .dataCorrupted(let c): (context, what) = (c, c.debugDescription)
        @unknown default: (context, what) = (DecodingError.Context(codingPath: [], debugDescription: ""), "\(error)")
        }
        let keys = context.codingPath.map(\.stringValue)
        if keys.isEmpty, case .dataCorrupted = error {
            // Not JSON at all. FoundationEssentials' decoder keeps its parser's position to itself (the
            // underlying error is dropped outside Apple's frameworks), so the message cannot say where.
            line = context.underlyingError.flatMap { Self.number(after: "line ", in: String(describing: $0)) }
            if Self.nestingDepth(bytes) > Self.deepestNesting {
                reason = "nested more than \(Self.deepestNesting) levels deep (a theme needs three)"
            } else {
                reason = "not valid JSON (a missing comma, quote or brace?); `python3 -m json.tool \(path)` shows where"
            }
        } else {
            line = Self.line(of: keys, in: bytes)
            let fields = keys.map { Self.quoted($0) }.joined(separator: ".")
            reason = keys.isEmpty ? what : "\(fields): \(what)"
        }
    }

    /// The most JSON nesting a message calls an ordinary mistake; the decoder refuses far less deep.
    static let deepestNesting = 256

    /// How deep arrays and objects nest in `bytes`, strings skipped: a locator for messages.
    static func nestingDepth(_ bytes: [UInt8]) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// The most characters of a file's text a message quotes.
    static let quotedLimit = 60

    /// `text` as a message quotes it: control characters made visible, and cut to `quotedLimit`
    /// characters with an ellipsis, so that a line of a million characters is not echoed back.
    static func quoted(_ text: String) -> String {
        let visible = ControlCharacterSanitizer.sanitize(text)
        guard visible.count > quotedLimit else { return visible }
        return visible.prefix(quotedLimit) + "…"
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: return "true or false"
        case is String.Type: return "a string"
        case is Int.Type: return "a number"
        default: return "an object"
        }
    }

    /// The number after `marker` in `text`, if any.
    static func number(after marker: String, in text: String) -> Int? {
        guard let range = text.firstRange(of: marker) else { return nil }
        return Int(text[range.upperBound...].prefix(while: \.isNumber))
    }

    /// The line of the value at `keys` (`styles`, `heading1`, `color`): each key is looked for as a
    /// quoted name followed by `:` after the previous one. A locator for messages, not a parser: nil
    /// when a key cannot be found.
    static func line(of keys: [String], in bytes: [UInt8]) -> Int? {
        var position = 0
        for key in keys where Int(key) == nil {
            let quoted = Array("\"\(key)\"".utf8)
            var found: Int?
            var index = position
            while index + quoted.count <= bytes.count {
                if bytes[index..<index + quoted.count].elementsEqual(quoted) {
                    var after = index + quoted.count
                    while after < bytes.count,
                        bytes[after] == 0x20 || bytes[after] == 0x09 || bytes[after] == 0x0A
                            || bytes[after] == 0x0D
                    {
                        after += 1
                    }
                    if after < bytes.count, bytes[after] == UInt8(ascii: ":") {
                        found = index
                        break
                    }
                }
                index += 1
            }
            guard let found else { return nil }
            position = found + quoted.count
        }
        guard position > 0 else { return nil }
        return bytes[..<position].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }
}
