import FoundationEssentials
import TestSupport
import Testing

/// The examples of the CommonMark + GFM spec that Debian's `cmark-gfm` package ships, read at test time
/// (the spec is not copied into the repository).
///
/// An example is the Markdown between a line of 32 backticks followed by ` example` and a line holding
/// only `.`; `→` in it stands for a tab. Its section is the heading before it.
struct CommonMarkSpec {
    static let path = "/usr/share/doc/cmark-gfm/spec.txt.gz"
    static let installHint = "\(path) is missing: install Debian's cmark-gfm package (scripts/install-deps.sh)"

    struct Example: Sendable {
        /// 1-based, in the order of the spec, as the spec's HTML numbers them.
        var number: Int
        var section: String
        /// The extension it belongs to (`table`, `strikethrough`, …), or nil for core CommonMark.
        var extensionName: String?
        var markdown: String
    }

    /// The examples that share a section, under a file-name slug of the section's title.
    struct Section: Sendable, CustomTestStringConvertible {
        var title: String
        var slug: String
        var examples: [Example]
        var testDescription: String { slug }
    }

    let examples: [Example]

    /// The installed spec, or nil when it cannot be read.
    static let installed: CommonMarkSpec? = {
        guard FileManager.default.fileExists(atPath: path),
            let result = try? Subprocess.run(["/bin/gzip", "-dc", path], environment: [:]), result.status == 0
        else { return nil }
        return CommonMarkSpec(text: result.output)
    }()

    init(text: String) {
        let fence = String(repeating: "`", count: 32)
        var examples: [Example] = []
        var section = ""
        var current: (extensionName: String?, lines: [Substring])?
        var inExample = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !inExample {
                if line.hasPrefix(fence + " example") {
                    let name = line.dropFirst(fence.count + " example".count).trimmingCharacters(in: .whitespaces)
                    current = (name.isEmpty ? nil : name, [])
                    inExample = true
                } else if line.hasPrefix("#"), let title = Self.headingTitle(line) {
                    section = title
                }
                continue
            }
            if line == fence {
                inExample = false
                continue
            }
            guard var example = current else { continue }
            if line == "." {
                let markdown = example.lines.map { $0 + "\n" }.joined().replacing("→", with: "\t")
                examples.append(
                    Example(
                        number: examples.count + 1, section: section, extensionName: example.extensionName,
                        markdown: markdown))
                current = nil
            } else {
                example.lines.append(line)
                current = example
            }
        }
        self.examples = examples
    }

    /// The examples grouped by section, in the spec's order.
    var sections: [Section] {
        var sections: [Section] = []
        for example in examples {
            let slug = Self.slug(example.section)
            if let index = sections.firstIndex(where: { $0.slug == slug }) {
                sections[index].examples.append(example)
            } else {
                sections.append(Section(title: example.section, slug: slug, examples: [example]))
            }
        }
        return sections
    }

    /// `## Tables (extension)` → `Tables (extension)`; nil for a line that is not an ATX heading.
    private static func headingTitle(_ line: Substring) -> String? {
        let hashes = line.prefix { $0 == "#" }
        guard hashes.count <= 6, line.dropFirst(hashes.count).first == " " else { return nil }
        return line.dropFirst(hashes.count).trimmingCharacters(in: .whitespaces)
    }

    /// `Tables (extension)` → `tables-extension`.
    static func slug(_ title: String) -> String {
        var slug = ""
        for character in title.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        return slug
    }
}
