import Glibc

/// A stage's own copy of the code it did work for at the last redraw of a growing block (the
/// highlighter's parse, the layout's rows), for telling whether the next redraw's code extends it.
///
/// It is a copy, extended by the bytes added at each redraw, so that the stage does not hold on to the
/// code it was given: the stream appends to that text in place only while nothing else holds it, and a
/// shared text would be copied whole at every line. With a lineage (a number the stream's open-block
/// state hands out to the code it reads straight from the source and keeps while that code only grows,
/// see `OpenBlockState`) the relation is read from the lengths; without one (a block the parser made),
/// the bytes are compared.
package struct KeptCode: Sendable {
    package private(set) var bytes: [UInt8] = []
    package private(set) var lineage: Int?

    @inlinable package var count: Int { bytes.count }

    /// No code.
    package init() {}

    /// The first `count` bytes of `code` (all of them by default).
    package init(_ code: UnsafeBufferPointer<UInt8>, count: Int? = nil, lineage: Int?) {
        bytes = Array(code[..<(count ?? code.count)])
        self.lineage = lineage
    }

    package init(_ code: String, lineage: Int?) {
        var code = code
        self = code.withUTF8 { KeptCode($0, lineage: lineage) }
    }

    /// How `code` (of `lineage`) relates to the kept code.
    package func relation(to code: String, lineage: Int?) -> CodeRelation {
        var code = code
        return code.withUTF8 { relation(to: $0, lineage: lineage) }
    }

    package func relation(to code: UnsafeBufferPointer<UInt8>, lineage: Int?) -> CodeRelation {
        guard count <= code.count else { return .unrelated }
        if lineage == nil || lineage != self.lineage {
            let equal = bytes.withUnsafeBufferPointer { kept in
                guard let keptBase = kept.baseAddress, let codeBase = code.baseAddress else { return kept.isEmpty }
                return memcmp(codeBase, keptBase, kept.count) == 0
            }
            guard equal else { return .unrelated }
        }
        return count == code.count ? .same : .longer
    }

    /// Made the first `count` bytes of `code` (all of them by default), of `lineage`, for a code whose
    /// relation to the kept one is `.same` or `.longer`: only the bytes that differ in length are
    /// added or dropped.
    package mutating func extend(to code: UnsafeBufferPointer<UInt8>, count: Int? = nil, lineage: Int?) {
        let count = count ?? code.count
        if count < bytes.count {
            bytes.removeLast(bytes.count - count)
        } else {
            bytes.append(contentsOf: code[bytes.count..<count])
        }
        self.lineage = lineage
    }

    package mutating func extend(to code: String, lineage: Int?) {
        var code = code
        code.withUTF8 { extend(to: $0, lineage: lineage) }
    }
}

/// How a code relates to the code a stage kept from an earlier redraw.
package enum CodeRelation: Sendable {
    /// The same text.
    case same
    /// A longer text that starts with it.
    case longer
    /// Anything else: the kept work does not apply.
    case unrelated
}
