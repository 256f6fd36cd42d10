import FoundationEssentials
import TestSupport
import Testing

@testable import MarkdownCore

/// The one-shot render writes each part of a document as soon as it is ready: the bytes joined are
/// exactly the whole document's, large documents flow section by section, and text never waits for
/// images further down.
@Suite struct ProgressiveRenderTests {
    /// What happened, in order: bytes written (their text) and images resolved (their alt text).
    enum Event: Equatable, Sendable {
        case wrote(String)
        case resolved(String)
    }

    /// An image stage that records when layout asks for each image, and shows every image as alt text.
    struct RecordingImages: ImageResolving {
        let events: LockedList<Event>
        var canShowImages: Bool { true }
        func prefetch(_ images: [ImageReference], baseDirectory: URL?) {}
        func resolve(_ image: ImageReference, baseDirectory: URL?) -> (any ResolvedImage)? {
            events.append(.resolved(image.alt))
            return nil
        }
    }

    func render(_ markdown: String, events: LockedList<Event>) -> [UInt8] {
        let renderer = MarkdownRenderer(
            capabilities: TerminalCapabilities(width: 60, colorDepth: .trueColor),
            images: RecordingImages(events: events))
        var out: [UInt8] = []
        renderer.render(markdown) { bytes in
            events.append(.wrote(String(decoding: ANSIText.strippingCSI(bytes), as: UTF8.self)))
            out += bytes
        }
        return out
    }

    /// The index of the first event that matches.
    func index(_ events: [Event], _ matches: (Event) -> Bool) -> Int {
        events.firstIndex(where: matches) ?? .max
    }

    func wrote(_ text: String) -> (Event) -> Bool {
        { if case .wrote(let written) = $0 { written.contains(text) } else { false } }
    }

    @Test func textBeforeTheFirstImageIsWrittenBeforeAnyImageIsWaitedFor() {
        let events = LockedList<Event>()
        _ = render("# Title\n\nFirst paragraph.\n\n![slow](https://example.org/slow.png)\n\nAfter.\n", events: events)
        let log = events.values
        #expect(index(log, wrote("First paragraph")) < index(log, { $0 == .resolved("slow") }))
    }

    @Test func eachPartWaitsOnlyForItsOwnImages() {
        let events = LockedList<Event>()
        _ = render("one\n\n![A](a.png)\n\ntwo\n\n![B](b.png)\n\nthree\n", events: events)
        let log = events.values
        let order = [
            index(log, wrote("one")), index(log, { $0 == .resolved("A") }), index(log, wrote("two")),
            index(log, { $0 == .resolved("B") }), index(log, wrote("three")),
        ]
        #expect(order == order.sorted() && !order.contains(.max))
        #expect(index(log, wrote("two")) < index(log, { $0 == .resolved("B") }))
    }

    @Test func bytesWrittenInPartsAroundImagesAreTheWholeDocumentsBytes() {
        let markdown =
            "# T\n\nA ![a](a.png) b\n\n- x\n- y ![c](c.png)\n\n> q\n\n![d](d.png)\n\nend[^1]\n\n[^1]: note ![e](e.png)\n"
        let events = LockedList<Event>()
        let progressive = render(markdown, events: events)
        let renderer = MarkdownRenderer(
            capabilities: TerminalCapabilities(width: 60, colorDepth: .trueColor),
            images: RecordingImages(events: events))
        var whole: [UInt8] = []
        TerminalWriter(colorDepth: .trueColor, hyperlinks: false).write(renderer.lines(for: markdown), into: &whole)
        #expect(progressive == whole)
        #expect(events.values.filter { if case .wrote = $0 { true } else { false } }.count > 3)
    }

    /// Real documents joined (with footnotes and HTML), rendered in small sections.
    static func joinedDocuments() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var parts = try ["README.md", "docs/architecture.md"].map {
            try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
        }
        for name in ["misc", "html-spanning", "html-blocks", "code", "tables", "alerts", "lists", "quotes", "math-llm"]
        {
            let path = root.appendingPathComponent("Tests/MarkdownCoreTests/Golden/\(name).md")
            parts.append(try String(contentsOf: path, encoding: .utf8))
        }
        return "---\ntitle: joined\n---\n" + parts.joined(separator: "\n\n")
    }

    @Test(arguments: [ColorDepth.none, .trueColor])
    func aDocumentRenderedSectionBySectionGivesTheBytesOfTheWholeDocument(depth: ColorDepth) throws {
        let markdown = try Self.joinedDocuments()
        let whole = MarkdownRenderer(capabilities: TerminalCapabilities(width: 72, colorDepth: depth))
        var sectioned = whole
        sectioned.sectioning = (minimum: 0, section: 3_000)
        var bytes: [UInt8] = []
        let summary = sectioned.render(markdown) { bytes += $0 }
        #expect(summary.timings.parts > 10)
        #expect(bytes == whole.render(markdown))
    }

    @Test func aDocumentInOnePartIsKeptAliveAndALargerOneIsNot() throws {
        let markdown = try Self.joinedDocuments()
        var renderer = MarkdownRenderer(capabilities: TerminalCapabilities(width: 72, colorDepth: .trueColor))
        #expect(!renderer.render(markdown) { _ in }.retained.isEmpty)
        renderer.sectioning = (minimum: 0, section: 3_000)
        #expect(renderer.render(markdown) { _ in }.retained.isEmpty)
    }
}
