/// Front matter at the start of a stream: nothing can be final before it is settled, and once its
/// closing fence arrives it is written as the one-shot render writes it, and dropped from the source.
extension MarkdownStream {
    /// Front matter can only open the input; until its closing fence (or a first line that is no
    /// fence) arrives, nothing can be final. Returns whether that is decided.
    mutating func settleFrontMatter(atEnd: Bool, into final: inout [StyledLine]) -> Bool {
        if frontMatterSettled { return true }
        let bytes = source.bytes
        let fences: [[UInt8]] = [Array("---".utf8), Array("+++".utf8)]
        if !atEnd && bytes.count < 3 && fences.contains(where: { $0.starts(with: bytes) }) { return false }
        guard fences.contains(where: { bytes.starts(with: $0) }) else {
            frontMatterSettled = true
            return true
        }
        // Only complete lines can close it: `---` may be the start of a line that is no fence.
        let complete = source.completeLength(atEnd: atEnd)
        let (frontMatter, body) = FrontMatter.split(source.text(upTo: complete))
        if let frontMatter {
            frontMatterSettled = true
            let document = Document(frontMatter: ControlCharacterSanitizer.sanitize(frontMatter), blocks: [])
            append(renderer.lines(for: document, baseDirectory: baseDirectory), to: &final)
            source.replace(with: body + String(decoding: source.bytes[complete...], as: UTF8.self))
            return true
        }
        if atEnd {
            frontMatterSettled = true
            return true
        }
        // A complete first line that is not a fence settles it: there is no front matter.
        guard let end = bytes.firstIndex(of: StreamSource.lineFeed) else { return false }
        var first = bytes[..<end]
        while let last = first.last, last == 0x20 || last == 0x09 || last == StreamSource.carriageReturn {
            first.removeLast()
        }
        if fences.contains(where: { $0.elementsEqual(first) }) { return false }
        frontMatterSettled = true
        return true
    }
}
