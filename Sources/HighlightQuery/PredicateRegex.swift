import Glibc

/// A `#match?` regular expression, compiled once per query pattern.
///
/// Queries are written in Rust's regex syntax. The common subset (classes, anchors, alternation,
/// `\d`, `\s`, `\w`) is translated to POSIX extended syntax and run by glibc's `regexec`, which needs
/// no string conversion; anything else (look-around, `(?i)`, lazy quantifiers, `\b`, …) falls back to
/// Swift's `Regex`, which reads that syntax but is slower. Both are safe to share once compiled.
///
/// `@unchecked` because of the `regex_t` pointer, which is not `Sendable`: `regcomp` writes it once in
/// `init`, and afterwards it is only read by `regexec`, which POSIX makes safe to call on one compiled
/// pattern from several threads at once.
final class PredicateRegex: @unchecked Sendable {
    private enum Engine {
        /// `^(word|word|…)$`: a set lookup, no regex at all (common in queries, costly for `regcomp`).
        case literals(StringSet)
        case posix(UnsafeMutablePointer<regex_t>)
        case swift(Regex<AnyRegexOutput>)
    }

    private let engine: Engine
    /// Answers for ASCII text when the pattern is simple enough (most are); `engine` does the rest.
    private let byteClasses: ByteClassPattern?
    let pattern: String

    /// Nil when neither engine accepts the pattern, when its repetitions would expand past
    /// `QueryLimits.maximumRegexNodes` (`maximumNestedRepetitionNodes` when one repeats another) or
    /// its groups and classes nest deeper than `QueryLimits.maximumDepth`, or when it is left to Swift's
    /// backtracking engine and repeats a repetition (see `RegexShape`).
    init?(_ pattern: String) {
        let shape = RegexShape(pattern)
        let maximumNodes =
            shape.repeatsRepetition ? QueryLimits.maximumNestedRepetitionNodes : QueryLimits.maximumRegexNodes
        guard shape.nodes <= maximumNodes, shape.depth <= QueryLimits.maximumDepth else {
            return nil
        }
        self.pattern = pattern
        self.byteClasses = ByteClassPattern(pattern)
        if let words = PredicateRegex.literalAlternatives(of: pattern) {
            engine = .literals(StringSet(words))
            return
        }
        if let posix = PredicateRegex.posixTranslation(of: pattern) {
            let compiled = UnsafeMutablePointer<regex_t>.allocate(capacity: 1)
            if regcomp(compiled, posix, REG_EXTENDED | REG_NOSUB) == 0 {
                engine = .posix(compiled)
                return
            }
            compiled.deallocate()
        }
        guard !shape.repeatsRepetition, let regex = try? Regex(pattern) else { return nil }
        engine = .swift(regex)
    }

    deinit {
        if case .posix(let compiled) = engine {
            regfree(compiled)
            compiled.deallocate()
        }
    }

    /// Whether the pattern matches anywhere in `text` (UTF-8), like Rust's `Regex::is_match`.
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        if let byteClasses, let answer = byteClasses.matches(text) { return answer }
        switch engine {
        case .literals(let words):
            return words.contains(text)
        case .posix(let compiled):
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buffer in
                for (index, byte) in text.enumerated() {
                    // A NUL inside the text cannot be passed to regexec; it cannot match a pattern either.
                    buffer[index] = CChar(bitPattern: byte == 0 ? 0x1A : byte)
                }
                buffer[text.count] = 0
                return regexec(compiled, buffer.baseAddress, 0, nil, 0) == 0
            }
        case .swift(let regex):
            let string = String(decoding: text, as: UTF8.self)
            return (try? regex.firstMatch(in: string)) != nil
        }
    }

    func matches(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { matches($0) }
    }

    /// The words of a pattern of the form `^(a|b|c)$` or `^a$` whose words hold only letters, digits,
    /// `_` and `-` (escaped `\.` allowed); nil for anything else.
    static func literalAlternatives(of pattern: String) -> [[UInt8]]? {
        // Over the bytes, not `Substring`s: splitting strings sets up generic types a fresh process pays for.
        var body = Array(pattern.utf8)[...]
        guard body.first == UInt8(ascii: "^"), body.last == UInt8(ascii: "$"), body.count >= 2 else { return nil }
        body = body.dropFirst().dropLast()
        guard body.last != UInt8(ascii: "\\") else { return nil }
        if body.first == UInt8(ascii: "("), body.last == UInt8(ascii: ")") { body = body.dropFirst().dropLast() }
        var words: [[UInt8]] = []
        var word: [UInt8] = []
        var index = body.startIndex
        while index <= body.endIndex {
            let byte = index < body.endIndex ? body[index] : UInt8(ascii: "|")
            index += 1
            switch byte {
            case UInt8(ascii: "|"):
                guard !word.isEmpty else { return nil }
                words.append(word)
                word = []
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                word.append(byte)
            case UInt8(ascii: "\\"):
                guard index < body.endIndex, body[index] == UInt8(ascii: ".") else { return nil }
                index += 1
                word.append(UInt8(ascii: "."))
            default:
                return nil
            }
        }
        return words.isEmpty ? nil : words
    }

    /// The pattern in POSIX ERE, or nil when it uses syntax this translation does not cover.
    static func posixTranslation(of pattern: String) -> String? {
        var output = ""
        var inBracket = false
        var iterator = Array(pattern.unicodeScalars).makeIterator()
        var previous: Unicode.Scalar?
        while let scalar = iterator.next() {
            defer { previous = scalar }
            if scalar == "\\" {
                guard let next = iterator.next() else { return nil }
                switch next {
                case "d": output += inBracket ? "0-9" : "[0-9]"
                case "s": output += inBracket ? "[:space:]" : "[[:space:]]"
                case "w": output += inBracket ? "[:alnum:]_" : "[[:alnum:]_]"
                case "D" where !inBracket: output += "[^0-9]"
                case "S" where !inBracket: output += "[^[:space:]]"
                case "W" where !inBracket: output += "[^[:alnum:]_]"
                case "n": output += "\n"
                case "t": output += "\t"
                default:
                    let isPunctuation =
                        next.isASCII && !next.properties.isAlphabetic
                        && !("0"..."9").contains(next)
                    guard isPunctuation else { return nil }
                    if inBracket {
                        // POSIX brackets take every character literally except `]`, `^` and `-`.
                        guard next != "]", next != "^", next != "-" else { return nil }
                        output.unicodeScalars.append(next)
                    } else {
                        output += "\\"
                        output.unicodeScalars.append(next)
                    }
                }
                continue
            }
            if inBracket {
                if scalar == "]" { inBracket = false }
                if scalar == "[" { return nil }
                output.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "[":
                inBracket = true
                output += "["
            case "(":
                output += "("
            case "?" where previous == "(" || previous == "*" || previous == "+" || previous == "?" || previous == "}":
                return nil
            case "{":
                return nil
            default:
                if !scalar.isASCII { return nil }
                output.unicodeScalars.append(scalar)
            }
        }
        return inBracket ? nil : output
    }
}
