import Glibc

/// The provisional model of an open fenced code block read straight from the source, without parsing:
/// while a code block streams a line at a time, each redraw then costs its layout, not a parse as well.
///
/// Only for what parsing would read the same way: a fence at the left margin on the source's first
/// line, no line since that may close it (`TailContinuation.openFence`, and a last line that does not
/// start with a backtick or tilde), and no NUL or carriage return (which the parser rewrites). What it
/// read is part of the stream's open-block state (`OpenBlockState`).
enum OpenFenceTail {
    /// The code read at the last redraw, so that the next one decodes and cleans only the bytes added
    /// (a long block is redrawn at every line).
    struct ReadCode {
        /// `StreamSource.generation`, and where the code starts and ends in the source's bytes.
        var generation: Int
        var start: Int
        var end: Int
        var text: String
        /// How many of the source's bytes were found free of NUL and carriage return.
        var checked = 0
        /// The number this reading's code goes by while it only grows, one that no earlier reading of
        /// the same open-block state had (see `KeptCode`).
        var lineage: Int
    }

    /// The open fence read from `source` (whose tail parsed as `tail`), appending to the code read at
    /// the last redraw (`last`) where the source only grew since; a new reading takes the lineage after
    /// `lineages`.
    static func block(
        in source: StreamSource, parsedAs tail: [Block], reading last: inout ReadCode?, lineages: inout Int
    ) -> Block? {
        guard tail.count == 1, case .codeBlock(let code) = tail[0], code.isFenced else { return nil }
        let bytes = source.bytes
        // The bytes the last redraw read were checked then (it read them only if they held no NUL or
        // carriage return): only those added since are checked, so that a long block is not read whole
        // at every line.
        let checked =
            last.map { read in read.generation == source.generation && read.checked <= bytes.count ? read.checked : 0 }
            ?? 0
        guard let first = bytes.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~"),
            let end = bytes.firstIndex(of: StreamSource.lineFeed),
            !contains(0, in: bytes, from: checked), !contains(StreamSource.carriageReturn, in: bytes, from: checked)
        else { return nil }
        var body = bytes[(end + 1)...]
        let lastLineStart = (body.lastIndex(of: StreamSource.lineFeed) ?? end) + 1
        if lastLineStart < bytes.count {
            let lastLine = bytes[lastLineStart...]
            if mayBecomeClosingFence(lastLine, fence: first) {
                // Not shown until it says what it is: the block would otherwise show the start of its
                // closing fence as code for a redraw (and its last provisional code would not be its code).
                body = bytes[(end + 1)..<lastLineStart]
            } else if let lead = lastLine.first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }),
                lead == UInt8(ascii: "`") || lead == UInt8(ascii: "~")
            {
                return nil
            }
        }
        if body.last == StreamSource.lineFeed { body = body.dropLast() }
        let continued = last.flatMap { read in
            read.generation == source.generation && read.start == body.startIndex && read.end <= body.endIndex
                ? read : nil
        }
        last = nil  // the text is appended to in place
        var read: ReadCode
        if let continued {
            read = continued
        } else {
            lineages += 1
            read = ReadCode(
                generation: source.generation, start: body.startIndex, end: body.startIndex, text: "",
                lineage: lineages)
        }
        // Bytes are whole characters at any line end and at the source's end, and cleaning is character by
        // character, so the code extends the last redraw's.
        read.text += ControlCharacterSanitizer.sanitize(
            String(decoding: bytes[read.end..<body.endIndex], as: UTF8.self))
        read.end = body.endIndex
        read.checked = bytes.count
        last = read
        return .codeBlock(CodeBlock(info: code.info, code: read.text, isFenced: true))
    }

    /// Whether `line`, the last line and not complete yet, may still become the block's closing fence:
    /// up to three spaces, then only the opening fence's character, then only spaces.
    static func mayBecomeClosingFence(_ line: ArraySlice<UInt8>, fence: UInt8) -> Bool {
        let indent = line.prefix { $0 == UInt8(ascii: " ") }.count
        let rest = line.dropFirst(indent)
        let run = rest.prefix { $0 == fence }.count
        return indent <= 3 && run > 0 && rest.dropFirst(run).allSatisfy { $0 == UInt8(ascii: " ") }
    }

    /// Whether `byte` occurs in `bytes` from `start` on, at `memchr`'s speed.
    private static func contains(_ byte: UInt8, in bytes: [UInt8], from start: Int) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, start < buffer.count else { return false }
            return memchr(base + start, Int32(byte), buffer.count - start) != nil
        }
    }
}
