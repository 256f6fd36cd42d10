/// Whether the open block of a stream may hold an HTML block: a line whose first character after
/// container markers (quote bars, list markers, indentation) is `<`. The HTML interpreter may join the
/// blocks around an HTML block (`<div align="center">` … `</div>` around Markdown), so such a container
/// settles nothing before its end (`SettledPart`). Deliberately broad: a false alarm only makes the
/// container wait. Scans each byte once while the source only grows.
struct HTMLBlockScan: Sendable {
    private var generation = -1
    private var scanned = 0
    private var atLineStart = true
    private var found = false

    /// Whether a line in `source`'s first `length` bytes may start an HTML block.
    mutating func mayHoldHTMLBlock(_ source: StreamSource, upTo length: Int) -> Bool {
        if generation != source.generation || length < scanned {
            self = HTMLBlockScan()
            generation = source.generation
        }
        guard !found else { return true }
        for byte in source.bytes[scanned..<length] {
            if byte == StreamSource.lineFeed || byte == StreamSource.carriageReturn {
                atLineStart = true
                continue
            }
            guard atLineStart else { continue }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "*"),
                UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: ")"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                continue
            case UInt8(ascii: "<"):
                found = true
            default:
                atLineStart = false
            }
        }
        scanned = length
        return found
    }
}
