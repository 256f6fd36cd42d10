/// The HTML elements still open at the end of a growing block, read by a rough scan of its tags, for
/// `OpenBrackets`: their end tags, appended to the text parsed, let the block parse as complete HTML.
///
/// Why: tree-sitter reads an element left open as ending in a missing implicit end tag, an error that
/// defeats the cut of its earlier children (`NestedCheckpoint`), so each line of a long list streamed
/// inside an open `<div>` reparsed and matched the whole block (2,000 lines: 61 highlights of it).
///
/// Like the bracket scan, a guess checked by parsing (`GrowingParse.closes`): a scan that loses track
/// (an end tag that closes nothing open, a tag cut by the end of the text) appends nothing.
struct OpenTags: Equatable, Sendable {
    /// The names of the elements open, the innermost last.
    private(set) var open: [[UInt8]] = []
    /// Set once an end tag closed no element open: the scan no longer knows what is open.
    private(set) var isLost = false
    private var mode = Mode.text
    /// The tag being read: its name so far, whether it is an end tag, and the last byte read in it.
    private var name: [UInt8] = []
    private var isEndTag = false
    private var last: UInt8 = 0
    /// The bytes of `<!--` or `</name` matched so far, where a comment or a raw text element ends.
    private var matched = 0
    /// The end tag that ends the raw text element open (`</script`), lower-cased.
    private var rawEnd: [UInt8] = []

    private enum Mode: Equatable, Sendable {
        case text
        /// After `<`.
        case tagOpen
        /// Reading a tag's name.
        case tagName
        /// Inside a tag after its name, or inside a quoted attribute value.
        case attributes
        case quoted(UInt8)
        /// Inside `<!…>` (a comment when it starts `<!--`).
        case declaration
        case comment
        /// Inside a `<script>`, `<style>`, `<textarea>` or `<title>`, whose text holds no tags.
        case rawText
    }

    /// What closes the elements open: their end tags, the innermost first; nil inside a tag or comment,
    /// or when the scan lost track.
    var suffix: [UInt8]? {
        guard !isLost, mode == .text else { return nil }
        return open.reversed().flatMap { Array("</".utf8) + $0 + [UInt8(ascii: ">")] }
    }

    mutating func read(_ byte: UInt8) {
        switch mode {
        case .text:
            if byte == UInt8(ascii: "<") { mode = .tagOpen }
        case .tagOpen:
            if byte == UInt8(ascii: "/") {
                isEndTag = true
            } else if byte == UInt8(ascii: "!") {
                mode = .declaration
                matched = 2
            } else if Self.isNameByte(byte) {
                name = [Self.lowercased(byte)]
                mode = .tagName
            } else {
                isEndTag = false
                mode = .text
            }
        case .tagName:
            if Self.isNameByte(byte) {
                name.append(Self.lowercased(byte))
            } else {
                mode = .attributes
                readInTag(byte)
            }
        case .attributes:
            readInTag(byte)
        case .quoted(let quote):
            if byte == quote { mode = .attributes }
        case .declaration:
            // `<!--` opens a comment; `<!DOCTYPE html>` ends at its `>`.
            if matched < 4, byte == UInt8(ascii: "-") {
                matched += 1
                if matched == 4 {
                    mode = .comment
                    matched = 0
                }
            } else if byte == UInt8(ascii: ">") {
                mode = .text
            } else {
                matched = 4
            }
        case .comment:
            if byte == UInt8(ascii: "-") {
                matched = min(matched + 1, 2)
            } else if byte == UInt8(ascii: ">"), matched == 2 {
                mode = .text
            } else {
                matched = 0
            }
        case .rawText:
            readRawText(byte)
        }
    }

    /// A byte inside a tag, after its name.
    private mutating func readInTag(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            mode = .quoted(byte)
        case UInt8(ascii: ">"):
            endTag(selfClosing: last == UInt8(ascii: "/"))
        default:
            break
        }
        last = byte
    }

    /// The `>` of a tag: a start tag opens its element (but a void or self-closing one), an end tag
    /// closes the innermost element of its name.
    private mutating func endTag(selfClosing: Bool) {
        mode = .text
        last = 0
        defer {
            isEndTag = false
            name.removeAll(keepingCapacity: true)
        }
        if isEndTag {
            // Elements whose end tag may be left out close with their parent's.
            while let innermost = open.last, innermost != name, Self.optionalEnd.contains(innermost) {
                open.removeLast()
            }
            if open.last == name { open.removeLast() } else { isLost = true }
            return
        }
        if selfClosing || Self.void.contains(name) { return }
        // A `<p>` or `<li>` ends the one open before it.
        if Self.optionalEnd.contains(name), open.last == name { open.removeLast() }
        open.append(name)
        if Self.rawText.contains(name) {
            mode = .rawText
            rawEnd = Array("</".utf8) + name
            matched = 0
        }
    }

    /// A byte of a raw text element: its end tag (`</script`, in any case) closes it.
    private mutating func readRawText(_ byte: UInt8) {
        if matched == rawEnd.count {
            if Self.isNameByte(byte) {
                matched = 0
            } else {
                // Its end tag, read on to its `>`.
                name = Array(rawEnd.dropFirst(2))
                isEndTag = true
                mode = .attributes
                readInTag(byte)
                return
            }
        }
        matched = Self.lowercased(byte) == rawEnd[matched] ? matched + 1 : (byte == UInt8(ascii: "<") ? 1 : 0)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        BlockKeywords.isWordByte(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// Elements that have no end tag.
    private static let void: Set<[UInt8]> = Set(
        ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]
            .map { Array($0.utf8) })
    /// Elements whose end tag may be left out.
    private static let optionalEnd: Set<[UInt8]> = Set(
        ["p", "li", "dt", "dd", "tr", "td", "th", "option", "thead", "tbody", "tfoot"].map { Array($0.utf8) })
    /// Elements whose text holds no tags.
    private static let rawText: Set<[UInt8]> = Set(["script", "style", "textarea", "title"].map { Array($0.utf8) })
}
