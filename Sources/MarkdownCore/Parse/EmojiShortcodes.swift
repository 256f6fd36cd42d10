/// GitHub's emoji shortcodes (`:rocket:` → 🚀), replaced at parse time in text only: never in code spans,
/// code blocks, raw HTML, link destinations or the text of autolinks. Unknown names (`:shipit:`,
/// `:not-an-emoji:`) and times like `10:30:00` stay as written. The names are GitHub's, generated into
/// `EmojiShortcodeTable.swift` by `scripts/generate-emoji-table.py`.
enum EmojiShortcodes {
    /// The inlines with every known shortcode in their text replaced by its emoji.
    static func replacing(in inlines: [Inline]) -> [Inline] {
        var out: [Inline] = []
        out.reserveCapacity(inlines.count)
        var pendingText = ""
        func flush() {
            guard !pendingText.isEmpty else { return }
            out.append(.text(replacing(in: pendingText)))
            pendingText = ""
        }
        for inline in inlines {
            switch inline {
            case .text(let text):
                // cmark splits text at characters that might start syntax; shortcodes can span the pieces.
                pendingText += text
                continue
            case .emphasis(let children):
                flush()
                out.append(.emphasis(replacing(in: children)))
            case .strong(let children):
                flush()
                out.append(.strong(replacing(in: children)))
            case .strikethrough(let children):
                flush()
                out.append(.strikethrough(replacing(in: children)))
            case .marked(let markup, let children):
                flush()
                out.append(.marked(markup, replacing(in: children)))
            case .link(var link) where !link.isAutolink:
                flush()
                link.content = replacing(in: link.content)
                out.append(.link(link))
            default:
                flush()
                out.append(inline)
            }
        }
        flush()
        return out
    }

    /// The text with every `:name:` GitHub knows replaced by its emoji.
    ///
    /// Scans UTF-8 bytes (names are ASCII) and copies only when a name is replaced, so text without a
    /// shortcode costs one pass over its bytes. A colon that belongs to a grapheme cluster with its
    /// neighbour (`:` followed by a combining mark) is not a delimiter, as in the text a reader sees.
    static func replacing(in text: String) -> String {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard let firstColon = bytes.firstIndex(of: colon) else { return nil }
            var out: [UInt8] = []
            var copied = 0
            var open = firstColon
            while true {
                var nameEnd = open + 1
                while nameEnd < bytes.count, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
                if nameEnd < bytes.count, bytes[nameEnd] == colon, nameEnd > open + 1,
                    standsAlone(bytes, colonAt: open), standsAlone(bytes, colonAt: nameEnd),
                    let emoji = emojiShortcodes[String(decoding: bytes[(open + 1)..<nameEnd], as: UTF8.self)]
                {
                    if out.isEmpty { out.reserveCapacity(bytes.count + 16) }
                    out.append(contentsOf: bytes[copied..<open])
                    out.append(contentsOf: emoji.utf8)
                    copied = nameEnd + 1
                    open = nameEnd + 1
                } else {
                    // The closing colon of a failed name may open the next one (`a:b:rocket:`).
                    open = nameEnd < bytes.count && bytes[nameEnd] == colon ? nameEnd : nameEnd + 1
                }
                guard open < bytes.count,
                    let next = bytes[open...].firstIndex(of: colon)
                else { break }
                open = next
            }
            guard copied > 0 else { return nil }
            out.append(contentsOf: bytes[copied...])
            return String(decoding: out, as: UTF8.self)
        } ?? text
    }

    private static let colon = UInt8(ascii: ":")

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"): true
        default: false
        }
    }

    /// Whether the colon at `index` is a grapheme cluster of its own: nothing joins it from either side.
    /// Only a non-ASCII neighbour can (a combining mark after it, a prepended mark before it).
    private static func standsAlone(_ bytes: UnsafeBufferPointer<UInt8>, colonAt index: Int) -> Bool {
        let before = index > 0 && bytes[index - 1] >= 0x80
        let after = index + 1 < bytes.count && bytes[index + 1] >= 0x80
        guard before || after else { return true }
        // Decode a few scalars around the colon and ask Swift's grapheme breaking.
        var lower = max(0, index - 4)
        while lower > 0, bytes[lower] & 0xC0 == 0x80 { lower -= 1 }
        var upper = min(bytes.count, index + 5)
        while upper < bytes.count, bytes[upper] & 0xC0 == 0x80 { upper += 1 }
        let window = String(decoding: bytes[lower..<upper], as: UTF8.self)
        let colonOffset = index - lower
        var offset = 0
        for character in window {
            let length = character.utf8.count
            if offset <= colonOffset && colonOffset < offset + length { return character == ":" }
            offset += length
        }
        return false
    }
}
