import Glibc

/// The provisional model of an open fenced code block read straight from the source, without parsing:
/// while a code block streams a line at a time, each redraw then costs its layout, not a parse as well.
///
/// Only for what parsing would read the same way: a fence at the left margin on the source's first
/// line, no line since that may close it (`TailContinuation.openFence`, and a last line that does not
/// start with a backtick or tilde), and no NUL or carriage return (which the parser rewrites).
enum OpenFenceTail {
    static func block(in source: StreamSource, parsedAs tail: [Block]) -> Block? {
        guard tail.count == 1, case .codeBlock(let code) = tail[0], code.isFenced else { return nil }
        let bytes = source.bytes
        guard let first = bytes.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~"),
            let end = bytes.firstIndex(of: StreamSource.lineFeed),
            !contains(0, in: bytes), !contains(StreamSource.carriageReturn, in: bytes)
        else { return nil }
        var body = bytes[(end + 1)...]
        let lastLineStart = (body.lastIndex(of: StreamSource.lineFeed) ?? end) + 1
        if lastLineStart < bytes.count {
            let lastLine = bytes[lastLineStart...].drop(while: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
            if let lead = lastLine.first, lead == UInt8(ascii: "`") || lead == UInt8(ascii: "~") { return nil }
        }
        if body.last == StreamSource.lineFeed { body = body.dropLast() }
        let text = ControlCharacterSanitizer.sanitize(String(decoding: body, as: UTF8.self))
        return .codeBlock(CodeBlock(info: code.info, code: text, isFenced: true))
    }

    /// Whether `byte` occurs in `bytes`, at `memchr`'s speed: the whole open block is checked at every
    /// redraw.
    private static func contains(_ byte: UInt8, in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
        }
    }
}
