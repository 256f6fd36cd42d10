import CCmarkGFM
import CMathSyntax

/// Attaches the math syntax extensions (`CMathSyntax`) to a parser when the document can hold math.
///
/// Math is recognised by cmark-gfm itself, at the precedence of a code span, so the rest of the
/// document is parsed exactly as CommonMark and GFM parse it. A document without `$` and without a
/// backslash attaches nothing and parses as before; `(` and `)` become special to the inline parser only
/// in documents that hold `\(` or `\)`.
enum MathSyntax {
    /// Prepares `parser` for `body`; the caller holds `DocumentConverter.cmarkLock`.
    static func attach(to parser: OpaquePointer, for body: String) {
        let needs = scan(body)
        mdview_math_begin_document()
        if needs.dollarOrBackslash, let dollar = mdview_math_dollar_extension() {
            cmark_parser_attach_syntax_extension(parser, dollar)
        }
        if needs.parenthesis, let paren = mdview_math_paren_extension() {
            cmark_parser_attach_syntax_extension(parser, paren)
            cmark_parser_set_backslash_ispunct_func(parser, mdview_math_backslash_ispunct)
        }
    }

    /// Which extensions `body` needs: any `$` or backslash for the dollar forms and display blocks,
    /// `\(` or `\)` for the parenthesis form.
    static func scan(_ body: String) -> (dollarOrBackslash: Bool, parenthesis: Bool) {
        var dollarOrBackslash = false
        var parenthesis = false
        var body = body
        body.withUTF8 { bytes in
            var previousBackslash = false
            for byte in bytes {
                if byte == UInt8(ascii: "$") {
                    dollarOrBackslash = true
                } else if byte == UInt8(ascii: "\\") {
                    dollarOrBackslash = true
                } else if previousBackslash && (byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")")) {
                    parenthesis = true
                    break
                }
                previousBackslash = byte == UInt8(ascii: "\\")
            }
        }
        return (dollarOrBackslash, parenthesis)
    }
}
