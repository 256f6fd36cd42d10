import Dispatch
import Foundation
import TestSupport
import Testing

@testable import MarkdownCore

/// Every Markdown file of the system's documentation (Debian's packages and the toolchains' docs, none of
/// them written for mdview) renders at widths 40, 80 and 120 without a line over the width, without an
/// escape byte when colour is off, and without losing a word.
@Suite struct RealWorldDocumentTests {
    static let roots = ["/usr/share/doc", "/usr/lib/jvm", "/opt/swift/usr/share", "/usr/lib/python3"]
    static let maximumSize = 2 << 20

    static func markdownFiles() -> [String] {
        var found: [String] = []
        let fm = FileManager.default
        for root in roots {
            guard let walker = fm.enumerator(atPath: root) else { continue }
            while let relative = walker.nextObject() as? String {
                guard relative.hasSuffix(".md") || relative.hasSuffix(".markdown") else { continue }
                let path = root + "/" + relative
                guard let attributes = try? fm.attributesOfItem(atPath: path),
                    attributes[.type] as? FileAttributeType == .typeRegular,
                    let size = attributes[.size] as? Int, size > 0, size <= maximumSize
                else { continue }
                found.append(path)
            }
        }
        return found.sorted()
    }

    @Test func everyMarkdownFileOnTheMachineRendersCleanly() throws {
        let files = Self.markdownFiles()
        #expect(files.count >= 20, "expected Debian's Markdown documentation under /usr/share/doc")
        let problems = LockedList<String>()
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let path = files[index]
            guard let data = FileManager.default.contents(atPath: path) else { return }
            let text = String(decoding: data, as: UTF8.self)
            let document = DocumentConverter().document(from: text)
            for width in [40, 80, 120] {
                let renderer = MarkdownRenderer(capabilities: .plain(width: width))
                let bytes = renderer.lines(for: document, baseDirectory: nil)
                var out: [UInt8] = []
                TerminalWriter(colorDepth: .none, hyperlinks: false).write(bytes, into: &out)
                if out.contains(0x1B) { problems.append("\(path) @\(width): escape byte in plain output") }
                let output = String(decoding: out, as: UTF8.self)
                if let line = LayoutInvariants.overlongLines(output, width: width).first {
                    problems.append("\(path) @\(width): line wider than \(width): \(line)")
                }
                let missing = LayoutInvariants.missingWords(document, output: output)
                if !missing.isEmpty { problems.append("\(path) @\(width): lost \(missing.prefix(3))") }
            }
            // With HTML interpreted, no recognised tag is left in the output outside code (unless the
            // author wrote it as text, escaped).
            let withoutCode = LayoutInvariants.withoutCode(document)
            var out: [UInt8] = []
            let lines = MarkdownRenderer(capabilities: .plain(width: 80)).lines(for: withoutCode, baseDirectory: nil)
            TerminalWriter(colorDepth: .none, hyperlinks: false).write(lines, into: &out)
            let authorsText = LayoutInvariants.plainText(of: withoutCode)
            for tag in LayoutInvariants.htmlTags(in: String(decoding: out, as: UTF8.self))
            where !authorsText.contains(tag) {
                problems.append("\(path): HTML reached the output: \(tag)")
                break
            }
        }
        #expect(problems.values.isEmpty, "\(problems.values.count) problems, first: \(problems.values.prefix(5))")
    }
}
