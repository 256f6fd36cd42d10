/// Splits TeX math source into tokens in one pass over its Unicode scalars, dropping `%` comments and
/// replacing control characters, so that nothing downstream can emit one.
struct MathTokenizer {
    /// The tokens of `source`, with the number of `{` minus `}` seen at the deepest and at the end
    /// checked: nil when the braces are unbalanced.
    static func tokens(_ source: String) -> [MathToken]? {
        var tokens: [MathToken] = []
        tokens.reserveCapacity(source.utf8.count / 2 + 1)
        var scalars = source.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = scalars.next()
        var depth = 0
        while let scalar = pending {
            pending = scalars.next()
            switch scalar {
            case "\\":
                guard let next = pending else {
                    tokens.append(.command(""))
                    break
                }
                if isLetter(next) {
                    var name = String.UnicodeScalarView()
                    name.append(next)
                    pending = scalars.next()
                    while let more = pending, isLetter(more) {
                        name.append(more)
                        pending = scalars.next()
                    }
                    tokens.append(.command(String(name)))
                } else {
                    pending = scalars.next()
                    let kept = isControl(next) ? "\u{FFFD}" : next
                    tokens.append(.command(isWhite(next) ? " " : String(kept)))
                }
            case "{":
                depth += 1
                tokens.append(.open)
            case "}":
                depth -= 1
                if depth < 0 { return nil }
                tokens.append(.close)
            case "^": tokens.append(.superscript)
            case "_": tokens.append(.subscript)
            case "&": tokens.append(.alignment)
            case "'": tokens.append(.prime)
            case "~": tokens.append(.tie)
            case "%":
                while let skipped = pending, skipped != "\n" { pending = scalars.next() }
            default:
                if isWhite(scalar) {
                    while let more = pending, isWhite(more) { pending = scalars.next() }
                    if tokens.last != .space { tokens.append(.space) }
                } else {
                    tokens.append(.character(isControl(scalar) ? "\u{FFFD}" : scalar))
                }
            }
        }
        return depth == 0 ? tokens : nil
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value | 0x20
        return value >= 0x61 && value <= 0x7A
    }

    static func isWhite(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }

    /// C0, DEL and C1 controls (white space is handled before this is asked).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }
}
