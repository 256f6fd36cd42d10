import FoundationEssentials

/// Turns a link destination into a URL safe to put in an OSC 8 hyperlink, or nil when it cannot be one.
///
/// Relative paths resolve against the document's directory as `file://` URLs (for a document fetched
/// over http(s), against its URL). The result contains only
/// printable ASCII (everything else percent-encoded), so it can never end or extend an escape sequence.
enum LinkTarget {
    static func resolve(_ destination: String, against base: URL?) -> String? {
        guard !destination.isEmpty, !destination.hasPrefix("#") else { return nil }
        let absolute: String
        if URLScheme.of(destination) != nil {
            absolute = destination
        } else {
            let path = destination.split(separator: "#", maxSplits: 1).first.map(String.init) ?? destination
            let decoded = path.percentDecoded ?? path
            if let base, !base.isFileURL, let remote = URL(string: path, relativeTo: base)?.absoluteURL {
                // A document fetched over http(s): its links, `/docs/x.md` too, are on its server.
                absolute = remote.absoluteString
            } else if decoded.hasPrefix("/") {
                absolute = URL(fileURLWithPath: decoded).standardizedFileURL.absoluteString
            } else if let base {
                absolute = base.appendingPathComponent(decoded).standardizedFileURL.absoluteString
            } else {
                return nil
            }
        }
        return percentEncodedASCII(absolute)
    }

    /// Keeps printable ASCII except space, `"` and backslash; percent-encodes every other byte.
    static func percentEncodedASCII(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if byte > 0x20, byte < 0x7F, byte != 0x22, byte != 0x5C {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
