import MarkdownCore

/// FNV-1a, 64-bit: a stable hash (Swift's `Hasher` is seeded per process) for cache file names and
/// entry checksums. Collisions cost only a miss: entries record their full URL and are checked.
enum StableHash {
    static func fnv1a(_ bytes: some Sequence<UInt8>, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// 32 hex digits from two differently seeded FNV-1a passes.
    static func key(_ text: String) -> String {
        let a = fnv1a(text.utf8)
        let b = fnv1a(text.utf8, seed: 0x8422_2325_cbf2_9ce4)
        return hex(a) + hex(b)
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
