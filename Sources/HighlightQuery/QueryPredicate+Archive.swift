extension QueryPredicate {
    /// The capture ids the predicate reads.
    var captures: [UInt32] {
        switch self {
        case .equal(let capture, .capture(let other), _): [capture, other]
        case .equal(let capture, .text, _), .match(let capture, _, _), .anyOf(let capture, _, _): [capture]
        }
    }

    /// Writes the predicate in its source form: a regex as its pattern, compiled again when read.
    func encode(into writer: inout ArchiveWriter) {
        switch self {
        case .equal(let capture, let operand, let negated):
            writer.word(0)
            writer.word(Int32(bitPattern: capture))
            writer.word(negated ? 1 : 0)
            switch operand {
            case .text(let text):
                writer.word(0)
                writer.string(text)
            case .capture(let other):
                writer.word(1)
                writer.word(Int32(bitPattern: other))
            }
        case .match(let capture, let regex, let negated):
            writer.word(1)
            writer.word(Int32(bitPattern: capture))
            writer.word(negated ? 1 : 0)
            writer.string(Array(regex.pattern.utf8))
        case .anyOf(let capture, let values, let negated):
            writer.word(2)
            writer.word(Int32(bitPattern: capture))
            writer.word(negated ? 1 : 0)
            writer.word(values.strings.count)
            for value in values.strings { writer.string(value) }
        }
    }

    /// Reads what `encode(into:)` wrote; captures must not exceed `captureLimit`.
    init(from reader: inout ArchiveReader, captureLimit: Int32) throws(QueryArchiveError) {
        let kind = try reader.word(in: 0...2)
        let capture = UInt32(try reader.word(in: 0...max(0, captureLimit)))
        let negated = try reader.word(in: 0...1) == 1
        switch kind {
        case 0:
            if try reader.word(in: 0...1) == 0 {
                self = .equal(capture: capture, .text(try reader.string()), negated: negated)
            } else {
                let other = UInt32(try reader.word(in: 0...max(0, captureLimit)))
                self = .equal(capture: capture, .capture(other), negated: negated)
            }
        case 1:
            guard let regex = PredicateRegex(String(decoding: try reader.string(), as: UTF8.self)) else {
                throw .inconsistent
            }
            self = .match(capture: capture, regex, negated: negated)
        default:
            let count = try reader.count(minimumBytes: 4)
            var values: [[UInt8]] = []
            for _ in 0..<count { values.append(try reader.string()) }
            self = .anyOf(capture: capture, StringSet(values), negated: negated)
        }
    }
}
