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
    static func replacing(in text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: ":")) else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: ":") {
            let afterOpen = rest.index(after: open)
            let nameEnd = rest[afterOpen...].firstIndex { !isNameCharacter($0) } ?? rest.endIndex
            if nameEnd < rest.endIndex, rest[nameEnd] == ":", nameEnd > afterOpen,
                let emoji = emojiShortcodes[String(rest[afterOpen..<nameEnd])]
            {
                out += rest[..<open]
                out += emoji
                rest = rest[rest.index(after: nameEnd)...]
            } else {
                // The closing colon of a failed name may open the next one (`a:b:rocket:`).
                out += rest[...open]
                rest = rest[afterOpen...]
            }
        }
        out += rest
        return out
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        switch ascii {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        case UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"): return true
        default: return false
        }
    }
}
