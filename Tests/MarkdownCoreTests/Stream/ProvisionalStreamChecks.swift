import TestSupport
import Testing

@testable import MarkdownCore

/// A document streamed in pieces with a provisional update after each, checked at every step against
/// the one-shot render: what the tests of long open lists and quotes share.
enum ProvisionalStreamChecks {
    /// Feeds `text` in pieces of `size` with a provisional update after each, checking that the final
    /// lines so far and the provisional tail are the one-shot render of what was fed, and that the final
    /// lines and their bytes are the one-shot render's (what `--stream always` writes); returns the
    /// stream.
    @discardableResult
    static func streamed(_ text: String, pieces size: Int, renderer: MarkdownRenderer) -> MarkdownStream {
        let bytes = Array(text.utf8)
        var stream = MarkdownStream(renderer: renderer)
        var final: [StyledLine] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + size)
            stream.feed(bytes[start..<end])
            let update = stream.update(provisional: true)
            final += update.final
            let fed = String(decoding: bytes[..<end], as: UTF8.self)
            #expect(final + update.provisional == renderer.lines(for: fed), "after \(end) bytes")
            start = end
        }
        final += stream.finish()
        #expect(final == renderer.lines(for: text))
        #expect(stream.bytes(for: final) == renderer.render(text))
        return stream
    }

    /// Streams `text` in random pieces of 1 to 64 bytes with a provisional update after each, checking
    /// every step against the one-shot render of the input so far, and the final lines against the
    /// one-shot render of `text`, where exactness is promised (the provisional tail shows no footnotes
    /// section, and a definition may change blocks before it); returns the final lines.
    @discardableResult
    static func streamedInRandomPieces(
        _ text: String, renderer: MarkdownRenderer, generator: inout SeededGenerator
    ) -> [StyledLine] {
        let bytes = Array(text.utf8)
        var stream = MarkdownStream(renderer: renderer)
        var final: [StyledLine] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + [1, 3, 7, 16, 64].randomElement(using: &generator)!)
            stream.feed(bytes[start..<end])
            let update = stream.update(provisional: true)
            final += update.final
            let fed = String(decoding: bytes[..<end], as: UTF8.self)
            if !fed.contains("[^") && !fed.contains("]:") {
                #expect(final + update.provisional == renderer.lines(for: fed), "\(text.debugDescription) at \(end)")
            }
            start = end
        }
        final += stream.finish()
        // (A link definition may turn text in a child returned before it into a link: the documented
        // exception.)
        if StreamExactness.isGuaranteed(for: text, options: renderer.parseOptions) {
            #expect(final == renderer.lines(for: text), "\(text.debugDescription)")
        }
        return final
    }

    /// Feeds the first half of `text` (one block, open), narrows the stream to `width` columns and feeds
    /// the rest in 9-byte pieces, checking after each that the provisional tail is the one-shot render of
    /// what was fed at that width; returns the lines written as final after the change.
    @discardableResult
    static func streamedOnAtANewWidth(_ text: String, renderer: MarkdownRenderer, width: Int = 40) -> [StyledLine] {
        let bytes = Array(text.utf8)
        var stream = MarkdownStream(renderer: renderer)
        stream.feed(bytes[..<(bytes.count / 2)])
        _ = stream.update(provisional: true)
        stream.width = width
        var narrow = renderer
        narrow.capabilities.width = width
        var final: [StyledLine] = []
        var start = bytes.count / 2
        while start < bytes.count {
            let end = min(bytes.count, start + 9)
            stream.feed(bytes[start..<end])
            let update = stream.update(provisional: true)
            final += update.final
            let fed = String(decoding: bytes[..<end], as: UTF8.self)
            #expect(update.provisional == narrow.lines(for: fed), "after \(end) bytes")
            start = end
        }
        return final
    }
}
