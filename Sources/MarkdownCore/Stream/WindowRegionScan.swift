/// Whether the text of a stream's open container before a `ContainerWindow` may hold something a parse
/// of the window alone would miss: a link reference definition (every one holds `]:`) or a footnote
/// reference or definition (`[^`, which numbers the footnotes after it). Deliberately broad: a false
/// alarm only keeps the container parsed whole. Scans each byte once while the source only grows.
struct WindowRegionScan: Sendable {
    private var generation = -1
    private var scanned = 0
    private var previous: UInt8 = 0
    private var found = false

    /// Whether `source`'s first `length` bytes may hold a definition or a footnote.
    mutating func mayHoldReferences(_ source: StreamSource, upTo length: Int) -> Bool {
        if generation != source.generation || length < scanned {
            self = WindowRegionScan()
            generation = source.generation
        }
        guard !found else { return true }
        for byte in source.bytes[scanned..<length] {
            if (previous == UInt8(ascii: "]") && byte == UInt8(ascii: ":"))
                || (previous == UInt8(ascii: "[") && byte == UInt8(ascii: "^"))
            {
                found = true
                break
            }
            previous = byte
        }
        scanned = length
        return found
    }
}
