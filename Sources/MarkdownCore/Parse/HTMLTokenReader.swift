import CHTMLTokens
import Glibc

/// One token of HTML as libxml2's HTML parser reads it: tag names in lower case, entities decoded,
/// comments and the content of `script` and `style` already gone.
enum HTMLToken: Equatable, Sendable {
    case start(String, attributes: [String: String])
    case end(String)
    case text(String)
}

/// Reads HTML into tokens with libxml2 (through `CHTMLTokens`, which loads it on first use): the only
/// place mdview parses HTML. Its work is bounded so that hostile HTML stays linear and small: at most
/// `maximumAttributes` attributes a tag are kept, and values longer than `maximumAttributeLength` bytes
/// are dropped (no real URL or alt text is that long).
enum HTMLTokenReader {
    static let maximumAttributes = 32
    static let maximumAttributeLength = 8 * 1024

    /// The tokens of `html`, or nil when libxml2 cannot be loaded (the caller shows the HTML as it is).
    static func tokens(_ html: String) -> [HTMLToken]? {
        let sink = TokenSink()
        var html = withoutDocumentEndTags(html)
        let status = html.withUTF8 { bytes -> Int32 in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                let context = Unmanaged.passUnretained(sink).toOpaque()
                return mdv_html_tokens(chars.baseAddress, chars.count, context, onStart, onEnd, onText)
            }
        }
        guard status == 0 else { return nil }
        sink.flushText()
        return sink.tokens
    }

    /// The HTML without `</body>` and `</html>`: in a fragment they mean nothing, and libxml2 ignores
    /// everything after the document's end, which would hide the rest of the Markdown.
    static func withoutDocumentEndTags(_ html: String) -> String {
        guard html.utf8.contains(UInt8(ascii: "/")) else { return html }
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), index + 6 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                let name = String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self).lowercased()
                if name == "html" || name == "body" {
                    var end = index + 6
                    while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 || bytes[end] == 0x0A { end += 1 }
                    if end < bytes.count, bytes[end] == UInt8(ascii: ">") {
                        index = end + 1
                        continue
                    }
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Collects the parser's callbacks; lives only for one synchronous parse on one thread.
private final class TokenSink {
    var tokens: [HTMLToken] = []
    /// libxml2 reports text in pieces; they are joined into one token.
    var text: [UInt8] = []

    func flushText() {
        guard !text.isEmpty else { return }
        tokens.append(.text(String(decoding: text, as: UTF8.self)))
        text.removeAll(keepingCapacity: true)
    }
}

private func sink(_ context: UnsafeMutableRawPointer?) -> TokenSink? {
    context.map { Unmanaged<TokenSink>.fromOpaque($0).takeUnretainedValue() }
}

private let onStart: mdv_html_start_fn = { context, name, attributes in
    guard let sink = sink(context), let name else { return }
    sink.flushText()
    var found: [String: String] = [:]
    if let attributes {
        var index = 0
        while let key = attributes[index], found.count < HTMLTokenReader.maximumAttributes {
            let value = attributes[index + 1]
            index += 2
            if let value, strlen(value) > HTMLTokenReader.maximumAttributeLength { continue }
            let keyText = String(cString: key).lowercased()
            if found[keyText] == nil { found[keyText] = value.map { String(cString: $0) } ?? "" }
        }
    }
    sink.tokens.append(.start(String(cString: name).lowercased(), attributes: found))
}

private let onEnd: mdv_html_end_fn = { context, name in
    guard let sink = sink(context), let name else { return }
    sink.flushText()
    sink.tokens.append(.end(String(cString: name).lowercased()))
}

private let onText: mdv_html_text_fn = { context, text, length in
    guard let sink = sink(context), let text, length > 0 else { return }
    text.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { bytes in
        sink.text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(length)))
    }
}
