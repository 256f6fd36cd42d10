/// A `CompiledQuery` as bytes, so that a process can take a language's query from mdview's cache
/// instead of reading its source again: reading a query's text costs a fresh process about as much as
/// rendering a small README, most of it in the Swift runtime setting up the generic types it uses.
///
/// The bytes hold the matcher's tables (`MatchProgram`), the capture names, the predicates in their
/// source form (regexes are compiled again on load) and what `--list-languages` reports. They are only
/// meaningful for the grammar and query they were made from; the caller keys them by both (see
/// `CompiledQueryCache`). Loading trusts nothing: every index is checked against the table it points
/// into and the grammar's key count, and children must come before their parents, so damaged or
/// foreign bytes are refused with a `QueryArchiveError` and can never make the matcher read out of
/// bounds or recurse without end.
public enum QueryArchive {
    /// Bumped whenever the layout or the meaning of the tables changes.
    public static let formatVersion: Int32 = 1

    /// The bytes of `query`.
    public static func encode(_ query: CompiledQuery) -> [UInt8] {
        var writer = ArchiveWriter()
        let program = query.program
        writer.word(formatVersion)
        writer.word(query.symbols.keyCount)
        writer.word(query.patternsTotal)
        writer.word(query.captureNames.count)
        for name in query.captureNames { writer.string(Array(name.utf8)) }
        writer.word(query.droppedPatterns.count)
        for range in query.droppedPatterns {
            writer.word(range.lowerBound)
            writer.word(range.upperBound)
        }
        writer.word(program.elements.count)
        for element in program.elements {
            writer.word(Int32(element.shape.rawValue))
            writer.word(element.key)
            writer.word(Int32(element.field))
            writer.word(Int32(element.quantifier.code))
            for range in [element.captures, element.items, element.alternatives, element.negatedFields] {
                writer.word(range.start)
                writer.word(range.count)
            }
        }
        writer.words(program.items)
        writer.words(program.alternatives)
        writer.word(program.captures.count)
        for capture in program.captures { writer.word(Int32(bitPattern: capture)) }
        writer.word(program.negatedFields.count)
        for field in program.negatedFields { writer.word(Int32(field)) }
        writer.words(program.roots)
        for span in program.predicateSpans {
            writer.word(span.start)
            writer.word(span.count)
        }
        writer.word(program.predicates.count)
        for predicate in program.predicates { predicate.encode(into: &writer) }
        writer.words(program.keyStarts)
        writer.word(program.entriesByKey.count)
        for entry in program.entriesByKey {
            writer.word(entry.pattern)
            writer.word(entry.element)
            writer.word(entry.outerCaptures.start)
            writer.word(entry.outerCaptures.count)
            writer.word(entry.isLeaf ? 1 : 0)
        }
        writer.words(program.anyNamedRootPatterns)
        writer.words(program.anyRootPatterns)
        writer.words(program.siblingPatterns)
        return writer.bytes
    }

    /// The query `bytes` describe, for the grammar whose node types are `symbols` and a query source of
    /// `sourceCount` bytes. Throws when anything in them is out of place.
    public static func decode(_ bytes: [UInt8], symbols: GrammarSymbols, sourceCount: Int)
        throws(QueryArchiveError) -> CompiledQuery
    {
        var reader = ArchiveReader(bytes: bytes)
        let limit = Int32.max
        guard try reader.word() == formatVersion, try reader.word() == Int32(symbols.keyCount) else {
            throw .inconsistent
        }
        let patternsTotal = Int(try reader.word(in: 1...Int32(QueryLimits.maximumPatterns)))
        let nameCount = try reader.count(minimumBytes: 4)
        guard nameCount <= QueryLimits.maximumCaptureNames else { throw .inconsistent }
        var captureNames: [String] = []
        for _ in 0..<nameCount { captureNames.append(String(decoding: try reader.string(), as: UTF8.self)) }
        let droppedCount = try reader.count(minimumBytes: 8)
        var dropped: [Range<Int>] = []
        for _ in 0..<droppedCount {
            let lower = Int(try reader.word(in: 0...Int32(clamping: sourceCount)))
            let upper = Int(try reader.word(in: Int32(lower)...Int32(clamping: sourceCount)))
            dropped.append(lower..<upper)
        }
        let captureLimit = Int32(nameCount) - 1
        var parts = MatchProgram.Parts()
        let elementCount = try reader.count(minimumBytes: 48)
        for _ in 0..<elementCount {
            var element = MatchElement()
            guard let shape = MatchElement.Shape(rawValue: UInt8(try reader.word(in: 0...2))) else {
                throw .inconsistent
            }
            element.shape = shape
            element.key = try reader.word(in: MatchProgram.anyKey...Int32(symbols.keyCount) - 1)
            element.field = UInt16(try reader.word(in: 0...Int32(UInt16.max)))
            guard let quantifier = PatternQuantifier(code: try reader.word(in: 0...3)) else { throw .inconsistent }
            element.quantifier = quantifier
            element.captures = try reader.range()
            element.items = try reader.range()
            element.alternatives = try reader.range()
            element.negatedFields = try reader.range()
            parts.elements.append(element)
        }
        parts.items = try reader.words(in: MatchProgram.anchor...limit)
        parts.alternatives = try reader.words(in: 0...limit)
        parts.captures = try reader.words(in: 0...max(0, captureLimit)).map { UInt32($0) }
        parts.negatedFields = try reader.words(in: 0...Int32(UInt16.max)).map { UInt16($0) }
        parts.roots = try reader.words(in: 0...max(0, Int32(elementCount) - 1))
        guard !parts.roots.isEmpty, parts.roots.count <= patternsTotal else { throw .inconsistent }
        for _ in parts.roots { parts.predicateSpans.append(try reader.range()) }
        let predicateCount = try reader.count(minimumBytes: 12)
        for _ in 0..<predicateCount {
            parts.predicates.append(try QueryPredicate(from: &reader, captureLimit: captureLimit))
        }
        parts.keyStarts = try reader.words(in: 0...limit)
        let entryCount = try reader.count(minimumBytes: 20)
        let patternLimit = Int32(parts.roots.count) - 1  // roots is not empty
        for _ in 0..<entryCount {
            let pattern = try reader.word(in: 0...patternLimit)
            let element = try reader.word(in: 0...max(0, Int32(elementCount) - 1))
            let outer = try reader.range()
            let isLeaf = try reader.word(in: 0...1) == 1
            parts.entriesByKey.append(
                RootEntry(pattern: pattern, element: element, outerCaptures: outer, isLeaf: isLeaf))
        }
        parts.anyNamedRootPatterns = try reader.words(in: 0...patternLimit)
        parts.anyRootPatterns = try reader.words(in: 0...patternLimit)
        parts.siblingPatterns = try reader.words(in: 0...patternLimit)
        guard reader.atEnd else { throw .inconsistent }
        try parts.validate(keyCount: symbols.keyCount, captureCount: nameCount)
        return CompiledQuery(
            symbols: symbols, program: MatchProgram(parts: parts), captureNames: captureNames,
            patternsTotal: patternsTotal, droppedPatterns: dropped)
    }
}

extension ArchiveReader {
    /// A range of one of `MatchProgram`'s buffers, not yet checked against it.
    fileprivate mutating func range() throws(QueryArchiveError) -> PoolRange {
        PoolRange(start: try word(in: 0...Int32.max), count: try word(in: 0...Int32.max))
    }
}

extension PatternQuantifier {
    /// The quantifier's number in a `QueryArchive`.
    var code: Int32 {
        switch self {
        case .one: 0
        case .optional: 1
        case .zeroOrMore: 2
        case .oneOrMore: 3
        }
    }

    init?(code: Int32) {
        switch code {
        case 0: self = .one
        case 1: self = .optional
        case 2: self = .zeroOrMore
        case 3: self = .oneOrMore
        default: return nil
        }
    }
}
