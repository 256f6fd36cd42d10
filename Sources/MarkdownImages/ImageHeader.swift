import MarkdownCore

/// The format and pixel size of an encoded image, read from its first bytes only.
///
/// It exists so that size limits are enforced before any decoder allocates anything: a 600 KB PNG can
/// claim 14,000 × 14,000 pixels. The format comes from the magic bytes, never from a file name.
public struct ImageHeader: Equatable, Sendable {
    public enum Format: String, Sendable {
        case png = "PNG"
        case jpeg = "JPEG"
        case gif = "GIF"
        case webp = "WebP"
    }

    public var format: Format
    public var width: Int
    public var height: Int

    public init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// Reads the header, or throws `notAnImage` / `corrupt`.
    public static func read(_ bytes: [UInt8]) throws(ImageError) -> ImageHeader {
        let b = ByteReader(bytes)
        if b.matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0) {
            // IHDR must be the first chunk.
            guard b.matches(Array("IHDR".utf8), at: 12), let w = b.be32(16), let h = b.be32(20) else {
                throw .corrupt(format: "PNG")
            }
            return ImageHeader(format: .png, width: w, height: h)
        }
        if b.matches([0xFF, 0xD8, 0xFF], at: 0) {
            return try readJPEG(b)
        }
        if b.matches(Array("GIF87a".utf8), at: 0) || b.matches(Array("GIF89a".utf8), at: 0) {
            guard let w = b.le16(6), let h = b.le16(8) else { throw .corrupt(format: "GIF") }
            return ImageHeader(format: .gif, width: w, height: h)
        }
        if b.matches(Array("RIFF".utf8), at: 0), b.matches(Array("WEBP".utf8), at: 8) {
            return try readWebP(b)
        }
        throw .notAnImage
    }

    private static func readJPEG(_ b: ByteReader) throws(ImageError) -> ImageHeader {
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { throw .corrupt(format: "JPEG") }
            let marker = b[i + 1]
            if marker == 0xFF {
                i += 1
                continue
            }  // fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                i += 2
                continue
            }
            guard let length = b.be16(i + 2), length >= 2 else { throw .corrupt(format: "JPEG") }
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                guard let h = b.be16(i + 5), let w = b.be16(i + 7) else { throw .corrupt(format: "JPEG") }
                return ImageHeader(format: .jpeg, width: w, height: h)
            }
            if marker == 0xDA || marker == 0xD9 { break }  // scan or end before any frame header
            i += 2 + length
        }
        throw .corrupt(format: "JPEG")
    }

    private static func readWebP(_ b: ByteReader) throws(ImageError) -> ImageHeader {
        if b.matches(Array("VP8X".utf8), at: 12) {
            guard let w = b.le24(24), let h = b.le24(27) else { throw .corrupt(format: "WebP") }
            return ImageHeader(format: .webp, width: w + 1, height: h + 1)
        }
        if b.matches(Array("VP8L".utf8), at: 12) {
            guard b.count >= 25, b[20] == 0x2F else { throw .corrupt(format: "WebP") }
            let bits = UInt32(b[21]) | UInt32(b[22]) << 8 | UInt32(b[23]) << 16 | UInt32(b[24]) << 24
            return ImageHeader(format: .webp, width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1)
        }
        if b.matches(Array("VP8 ".utf8), at: 12) {
            guard b.matches([0x9D, 0x01, 0x2A], at: 23), let w = b.le16(26), let h = b.le16(28) else {
                throw .corrupt(format: "WebP")
            }
            return ImageHeader(format: .webp, width: w & 0x3FFF, height: h & 0x3FFF)
        }
        throw .corrupt(format: "WebP")
    }
}

/// Bounds-checked reads from a byte array; every read past the end is nil.
struct ByteReader {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    var count: Int { bytes.count }
    subscript(i: Int) -> UInt8 { i >= 0 && i < bytes.count ? bytes[i] : 0 }

    func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + pattern.count <= bytes.count else { return false }
        for (k, p) in pattern.enumerated() where bytes[offset + k] != p { return false }
        return true
    }

    func be16(_ i: Int) -> Int? { i + 2 <= count ? Int(self[i]) << 8 | Int(self[i + 1]) : nil }
    func le16(_ i: Int) -> Int? { i + 2 <= count ? Int(self[i + 1]) << 8 | Int(self[i]) : nil }
    func le24(_ i: Int) -> Int? { i + 3 <= count ? Int(self[i + 2]) << 16 | Int(self[i + 1]) << 8 | Int(self[i]) : nil }
    func be32(_ i: Int) -> Int? {
        guard i + 4 <= count else { return nil }
        return Int(self[i]) << 24 | Int(self[i + 1]) << 16 | Int(self[i + 2]) << 8 | Int(self[i + 3])
    }
}
