/// Helpers shared by the test targets that look at mdview's output bytes.
public enum ANSIText {
    /// `bytes` without CSI sequences (ESC [ … final byte): the text a terminal would show, uncoloured.
    public static func strippingCSI(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
                index += 2
                while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
                index += 1
                continue
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }
}
