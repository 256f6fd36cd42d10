/// Whether bytes are an SVG document: text that opens, after an optional byte-order mark, XML
/// declaration, comments and doctype, with an `<svg` element. Only the first few kilobytes are looked at.
///
/// It exists because SVG has no magic number and servers label it loosely (img.shields.io says
/// `image/svg+xml`, raw file hosts `text/plain` or `application/octet-stream`): the bytes decide, as
/// for every other format.
enum SVGSignature {
    /// How far into the document the `<svg` element may start.
    static let window = 4096

    static func matches(_ bytes: [UInt8]) -> Bool {
        let end = min(bytes.count, window)
        var i = 0
        if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        func starts(_ text: String, at offset: Int) -> Bool {
            let pattern = Array(text.utf8)
            guard offset + pattern.count <= end else { return false }
            for (k, byte) in pattern.enumerated() where bytes[offset + k] | (byte >= 0x61 ? 0x20 : 0) != byte {
                return false
            }
            return true
        }
        func skip(past terminator: String, from offset: Int) -> Int? {
            let pattern = Array(terminator.utf8)
            var k = offset
            while k + pattern.count <= end {
                if Array(bytes[k..<k + pattern.count]) == pattern { return k + pattern.count }
                k += 1
            }
            return nil
        }
        while i < end {
            let byte = bytes[i]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                i += 1
            } else if starts("<?", at: i) {
                guard let next = skip(past: "?>", from: i + 2) else { return false }
                i = next
            } else if starts("<!--", at: i) {
                guard let next = skip(past: "-->", from: i + 4) else { return false }
                i = next
            } else if starts("<!doctype", at: i) {
                // An internal subset (`[ … ]`) may hold `>`; it ends with `]>`.
                let bracket = bytes[i..<end].firstIndex(of: UInt8(ascii: "["))
                let close = bytes[i..<end].firstIndex(of: UInt8(ascii: ">"))
                if let bracket, let close, bracket < close {
                    guard let next = skip(past: "]>", from: bracket) else { return false }
                    i = next
                } else {
                    guard let close else { return false }
                    i = close + 1
                }
            } else {
                guard starts("<svg", at: i), i + 4 < end else { return false }
                let after = bytes[i + 4]
                return after == 0x20 || after == 0x09 || after == 0x0A || after == 0x0D || after == UInt8(ascii: ">")
                    || after == UInt8(ascii: "/")
            }
        }
        return false
    }
}
