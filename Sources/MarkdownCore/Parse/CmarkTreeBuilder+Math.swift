import CCmarkGFM
import CMathSyntax

/// Reading code and math nodes: what the math extension (`CMathSyntax`) left in cmark's tree, and fences
/// that name `math`.
extension CmarkTreeBuilder {
    /// A code block, or a display formula when its fence names `math`.
    func codeOrMathBlock(_ node: OpaquePointer) -> Block {
        var code = string(cmark_node_get_literal(node))
        if code.hasSuffix("\n") { code.removeLast() }
        var fenceLength: Int32 = 0
        var fenceOffset: Int32 = 0
        var fenceCharacter: CChar = 0
        let fenced = cmark_node_get_fenced(node, &fenceLength, &fenceOffset, &fenceCharacter) != 0
        let block = CodeBlock(info: string(cmark_node_get_fence_info(node)), code: code, isFenced: fenced)
        if fenced, block.language == "mermaid", Self.fenceIsClosed(node, code: code) {
            return .diagram(DiagramBlock(info: block.info, source: code))
        }
        guard fenced, block.language == "math" else { return .codeBlock(block) }
        return .math(MathBlock(source: code, delimiter: .fence, isClosed: Self.fenceIsClosed(node, code: code)))
    }

    /// A code span, or the inline math the math extension made of one (tagged through its user data).
    static func codeOrMath(_ node: OpaquePointer, literal: String) -> Inline {
        let delimiter: MathSpan.Delimiter
        switch mdview_math_inline_kind_of(node) {
        case MDVIEW_MATH_INLINE_DOLLAR: delimiter = .dollar
        case MDVIEW_MATH_INLINE_DOLLAR_BACKTICK: delimiter = .dollarBacktick
        case MDVIEW_MATH_INLINE_PAREN: delimiter = .parenthesis
        case MDVIEW_MATH_DISPLAY_DOLLARS: delimiter = .doubleDollar
        default: return .code(literal)
        }
        return .math(MathSpan(source: literal, delimiter: delimiter))
    }

    /// The display formula the math extension read, when `node` is its block.
    func mathBlock(_ node: OpaquePointer) -> MathBlock? {
        let delimiter: MathBlock.Delimiter
        switch mdview_math_block_kind_of(node) {
        case MDVIEW_MATH_BLOCK_DOLLARS: delimiter = .dollars
        case MDVIEW_MATH_BLOCK_BRACKETS: delimiter = .brackets
        case MDVIEW_MATH_BLOCK_ENVIRONMENT: delimiter = .environment(string(mdview_math_block_environment(node)))
        default: return nil
        }
        var length = 0
        let bytes = mdview_math_block_source(node, &length)
        let source = bytes.map {
            $0.withMemoryRebound(to: UInt8.self, capacity: length) {
                String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
            }
        }
        return MathBlock(
            source: ControlCharacterSanitizer.sanitize(source ?? ""), delimiter: delimiter,
            isClosed: mdview_math_block_is_closed(node) != 0)
    }

    /// Whether a fenced code block's closing fence was found: cmark ends an unclosed fence on its last
    /// line of code, a closed one on the fence after it.
    static func fenceIsClosed(_ node: OpaquePointer, code: String) -> Bool {
        let start = Int(cmark_node_get_start_line(node))
        let end = Int(cmark_node_get_end_line(node))
        let codeLines = code.isEmpty ? 0 : code.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        return end > start + codeLines
    }
}
