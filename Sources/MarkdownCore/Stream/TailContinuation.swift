/// Lets a stream skip parsing when new lines cannot have closed its one unfinished block: lines that
/// start with a letter only continue an open paragraph, and lines that do not start with a backtick or
/// tilde only continue an open fenced code block. A 50 MB paragraph or an endless code block then costs
/// a scan of each new line instead of a parse of the whole block per update. While blocks wait for a
/// reference definition, only a line holding `]:` can release them.
enum TailContinuation: Sendable {
    case paragraph
    case openFence
    case awaitingDefinition

    /// The kind of `tail` (the unfinished blocks as parsed from `source`'s first `length` bytes), when
    /// it is one top-level paragraph or one fenced code block that no line after its first may close.
    init?(tail: [Block], source: StreamSource, length: Int) {
        guard tail.count == 1 else { return nil }
        switch tail[0] {
        case .paragraph:
            // A blank last line has closed the paragraph already: the next line starts a new block.
            var lastLineBlank = true
            Self.forEachLineStart(in: source.bytes, from: 0, to: length) { first in lastLineBlank = first == 0 }
            if length > 0 && source.bytes[length - 1] != StreamSource.lineFeed
                && source.bytes[length - 1] != StreamSource.carriageReturn
            {
                lastLineBlank = false
            }
            guard !lastLineBlank else { return nil }
            self = .paragraph
        case .codeBlock(let code) where code.isFenced:
            var mayBeClosed = false
            Self.forEachLineStart(in: source.bytes, from: 1, to: length) { first in
                if Self.isFenceCharacter(first) { mayBeClosed = true }
            }
            guard !mayBeClosed else { return nil }
            self = .openFence
        default:
            return nil
        }
    }

    /// Whether every line starting in `from..<to` continues the block without closing it.
    func cannotClose(_ source: StreamSource, from: Int, to: Int) -> Bool {
        if case .awaitingDefinition = self {
            return !Self.containsDefinitionColon(source.bytes[max(0, from - 1)..<to])
        }
        var continues = true
        Self.forEachLineStart(in: source.bytes, from: from, to: to) { first in
            switch self {
            case .paragraph:
                if !Self.isLetter(first) { continues = false }
            case .openFence:
                if Self.isFenceCharacter(first) { continues = false }
            case .awaitingDefinition:
                break
            }
        }
        return continues
    }

    /// Calls `body` with the first byte after spaces and tabs (0 for a blank line) of every line that
    /// starts at an offset in `from..<to`.
    private static func forEachLineStart(in bytes: [UInt8], from: Int, to: Int, _ body: (UInt8) -> Void) {
        var index = max(0, from)
        while index < to {
            let isStart: Bool
            if index == 0 {
                isStart = true
            } else {
                let previous = bytes[index - 1]
                isStart =
                    previous == StreamSource.lineFeed
                    || (previous == StreamSource.carriageReturn && bytes[index] != StreamSource.lineFeed)
            }
            if isStart {
                var first = index
                while first < bytes.count && (bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t")) {
                    first += 1
                }
                let byte = first < bytes.count ? bytes[first] : 0
                body(byte == StreamSource.lineFeed || byte == StreamSource.carriageReturn ? 0 : byte)
            }
            index += 1
        }
    }

    private static func containsDefinitionColon(_ bytes: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: ":") && previous == UInt8(ascii: "]") { return true }
            previous = byte
        }
        return false
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte >= 0xC2
    }

    private static func isFenceCharacter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~")
    }
}
