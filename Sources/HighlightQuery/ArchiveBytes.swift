/// Why bytes offered as a compiled query (`QueryArchive`) were not used: they end early, or what they
/// say does not fit together or does not fit the grammar.
public enum QueryArchiveError: Error, Equatable, Sendable {
    /// The bytes end before what they describe does.
    case truncated
    /// A value is out of range, an index points outside its table, or bytes are left over.
    case inconsistent
}

/// Appends little-endian 32-bit words and length-prefixed byte strings, the only two forms a
/// `QueryArchive` holds.
struct ArchiveWriter {
    private(set) var bytes: [UInt8] = []

    mutating func word(_ value: Int32) {
        let bits = UInt32(bitPattern: value)
        bytes.append(UInt8(truncatingIfNeeded: bits))
        bytes.append(UInt8(truncatingIfNeeded: bits >> 8))
        bytes.append(UInt8(truncatingIfNeeded: bits >> 16))
        bytes.append(UInt8(truncatingIfNeeded: bits >> 24))
    }

    mutating func word(_ value: Int) { word(Int32(truncatingIfNeeded: value)) }

    mutating func string(_ value: [UInt8]) {
        word(value.count)
        bytes += value
    }

    mutating func words(_ values: UnsafeMutableBufferPointer<Int32>) {
        word(values.count)
        for value in values { word(value) }
    }
}

/// Reads what `ArchiveWriter` wrote, checking every read against the bytes left, so that no input,
/// however damaged, reads outside them or allocates more than they could describe.
struct ArchiveReader {
    private let bytes: [UInt8]
    private(set) var position: Int

    init(bytes: [UInt8], from position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    var atEnd: Bool { position == bytes.count }

    mutating func word() throws(QueryArchiveError) -> Int32 {
        guard bytes.count - position >= 4 else { throw .truncated }
        let bits =
            UInt32(bytes[position]) | UInt32(bytes[position + 1]) << 8 | UInt32(bytes[position + 2]) << 16
            | UInt32(bytes[position + 3]) << 24
        position += 4
        return Int32(bitPattern: bits)
    }

    /// A word that must lie in `range`.
    mutating func word(in range: ClosedRange<Int32>) throws(QueryArchiveError) -> Int32 {
        let value = try word()
        guard range.contains(value) else { throw .inconsistent }
        return value
    }

    /// A count of items each taking at least `minimumBytes`: never more than the bytes left could hold.
    mutating func count(minimumBytes: Int) throws(QueryArchiveError) -> Int {
        let value = Int(try word())
        guard value >= 0 else { throw .inconsistent }
        guard value <= (bytes.count - position) / max(1, minimumBytes) else { throw .truncated }
        return value
    }

    mutating func string() throws(QueryArchiveError) -> [UInt8] {
        let count = try count(minimumBytes: 1)
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    /// Words each in `range`.
    mutating func words(in range: ClosedRange<Int32>) throws(QueryArchiveError) -> [Int32] {
        let count = try count(minimumBytes: 4)
        var values: [Int32] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try word(in: range)) }
        return values
    }
}
