import ArgumentParser

/// The most bytes of one document mdview reads whole (`--max-size`): a file, standard input read to
/// its end, or a URL. A document larger than that is refused with a message naming its size and the
/// flag, before any of it is parsed, so a huge input costs neither minutes nor gigabytes.
///
/// Input rendered as it arrives (`--stream`) is not capped: the stream drops each block once it is
/// final and keeps only its unfinished last block, so a long stream of ordinary blocks runs in constant
/// memory.
struct DocumentSizeLimit: Equatable, CustomStringConvertible {
    var bytes: Int

    /// 20 MB: larger than any real Markdown document, and the cap documents fetched by URL always had.
    static let standard = DocumentSizeLimit(bytes: 20 << 20)
    /// The sizes `--max-size` accepts: 1 KB to 64 GB.
    static let range = 1 << 10...64 << 30

    init(bytes: Int) {
        self.bytes = bytes
    }

    /// Reads `--max-size`'s value: a number of bytes, or a number with K, M or G (powers of 1024, an
    /// optional B or iB after them, any case): `50M`, `1G`, `500k`, `2MiB`, `1.5G`.
    init(parsing text: String) throws(ValidationError) {
        let trimmed = text.filter { $0 != " " }.uppercased()
        var digits = Substring(trimmed)
        for suffix in ["IB", "B"] where digits.hasSuffix(suffix) && digits.count > suffix.count {
            digits = digits.dropLast(suffix.count)
            break
        }
        var unit = 1
        if let last = digits.last, let power = ["K": 1, "M": 2, "G": 3][String(last)] {
            unit = 1 << (10 * power)
            digits = digits.dropLast()
        }
        let range = "(1K to 64G)"
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let number = Double(digits), number.isFinite
        else {
            throw ValidationError("--max-size: '\(text)' is not a size (bytes, or a number with K, M or G: 50M)")
        }
        let value = number * Double(unit)
        guard value >= Double(Self.range.lowerBound), value <= Double(Self.range.upperBound) else {
            throw ValidationError("--max-size: \(text) is out of range \(range)")
        }
        bytes = Int(value)
    }

    var description: String { Self.describe(bytes) }

    /// `20 MB`, `1.5 GB`, `512 KB`, `900 bytes`: a size for messages, in powers of 1024, rounded up to a
    /// tenth (so a document a byte over the limit never reads as the limit itself).
    static func describe(_ bytes: Int) -> String {
        for (unit, shift) in [("GB", 30), ("MB", 20), ("KB", 10)] where bytes >= 1 << shift {
            let value = Double(bytes) / Double(1 << shift)
            let tenths = (value * 10).rounded(.up) / 10
            let text = tenths == tenths.rounded(.down) ? String(Int(tenths)) : String(tenths)
            return "\(text) \(unit)"
        }
        return "\(bytes) bytes"
    }

    /// The `--max-size` value that would take a document of `size` bytes: whole megabytes, rounded up.
    static func suggestion(for size: Int) -> String {
        let megabytes = (size + (1 << 20) - 1) >> 20
        return megabytes >= 1 << 10 && megabytes % (1 << 10) == 0 ? "\(megabytes >> 10)G" : "\(megabytes)M"
    }
}
