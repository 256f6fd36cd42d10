import FoundationEssentials
import Glibc
import MarkdownCore
import TestSupport
import Testing

/// The documents a user reads: the README fits the terminal, every relative link leads somewhere, the
/// manual page names the flags `--help` lists, and no tracked file speaks of how mdview was developed.
@Suite struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Markdown documents of the repository: the README, the changelog and everything under docs/.
    static var documents: [URL] {
        var found = [root.appendingPathComponent("README.md"), root.appendingPathComponent("CHANGELOG.md")]
        let docs = root.appendingPathComponent("docs")
        if let walker = FileManager.default.enumerator(atPath: docs.path) {
            for case let path as String in walker where path.hasSuffix(".md") {
                found.append(docs.appendingPathComponent(path))
            }
        }
        return found
    }

    static func text(of url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    // MARK: - The README in mdview

    @Test(arguments: [60, 100]) func readmeFitsTheWidth(width: Int) throws {
        let readme = Self.root.appendingPathComponent("README.md").path
        let result = try MDViewProcess.run(["--width", "\(width)", "--color", "never", "--no-images", readme])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 100)
        let wide = lines.filter { DisplayWidth.of($0) > width }
        #expect(wide.isEmpty, "lines wider than \(width) columns: \(wide)")
    }

    @Test func readmeStaysShort() throws {
        let lines = try Self.text(of: Self.root.appendingPathComponent("README.md")).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 400)
    }

    // MARK: - Links

    /// The text of a Markdown document outside fenced code blocks and code spans.
    static func prose(_ markdown: String) -> [String] {
        var lines: [String] = []
        var fence: Substring?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix { $0 == trimmed.first }
                continue
            }
            // Code spans: everything between a run of backticks and the next run of the same length.
            var kept = ""
            var rest = Substring(line)
            while let start = rest.firstIndex(of: "`") {
                kept += rest[..<start]
                let run = rest[start...].prefix { $0 == "`" }
                let after = rest[run.endIndex...]
                guard let close = after.firstRange(of: run) else {
                    rest = after
                    break
                }
                rest = after[close.upperBound...]
            }
            lines.append(kept + rest)
        }
        return lines
    }

    /// The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: Substring) -> String {
        String(
            heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_"
                    ? character : nil
            })
    }

    static func anchors(in markdown: String) -> Set<String> {
        Set(
            prose(markdown).compactMap { line in
                guard line.hasPrefix("#") else { return nil }
                return anchor(line.drop { $0 == "#" }.drop { $0 == " " })
            })
    }

    /// Every link and image destination written as `](target)`, `src="target"` or `href="target"`.
    static func destinations(in markdown: String) throws -> [String] {
        let inline = try Regex(#"\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)"#)
        let attribute = try Regex(#"(?:src|href)="([^"]+)""#)
        var found: [String] = []
        for line in prose(markdown) {
            for match in line.matches(of: inline) + line.matches(of: attribute) {
                if let target = match.output[1].substring { found.append(String(target)) }
            }
        }
        return found
    }

    @Test func everyRelativeLinkLeadsToAFile() throws {
        let scheme = try Regex("^[a-zA-Z][a-zA-Z0-9+.-]*:")
        var broken: [String] = []
        for document in Self.documents {
            let markdown = try Self.text(of: document)
            for target in try Self.destinations(in: markdown) where target.prefixMatch(of: scheme) == nil {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0])
                let fragment = parts.count > 1 ? String(parts[1]) : nil
                let file = path.isEmpty ? document : document.deletingLastPathComponent().appendingPathComponent(path)
                guard FileManager.default.fileExists(atPath: file.path) else {
                    broken.append("\(document.lastPathComponent): \(target)")
                    continue
                }
                if let fragment, file.pathExtension == "md",
                    !Self.anchors(in: try Self.text(of: file)).contains(fragment)
                {
                    broken.append("\(document.lastPathComponent): \(target) (no such heading)")
                }
            }
        }
        #expect(broken.isEmpty, "broken links: \(broken)")
    }

    @Test func linksAreFoundWhereWritten() throws {
        let sample = """
            See [the guide](docs/guide.md#setup) and ![logo](images/logo.png "Logo").
            <img src="badge.svg"> `[not](a-link.md)`
            ```
            [not](in-code.md)
            ```
            """
        #expect(try Self.destinations(in: sample) == ["docs/guide.md#setup", "images/logo.png", "badge.svg"])
        #expect(Self.anchor("Dependencies, and what is loaded lazily") == "dependencies-and-what-is-loaded-lazily")
    }

    // MARK: - --help and the manual page

    /// The flags `mdview --help` lists: each option line is indented by two spaces.
    static func helpFlags() throws -> Set<String> {
        let help = try MDViewProcess.run(["--help"])
        #expect(help.status == 0)
        var flags: Set<String> = []
        for line in help.output.split(separator: "\n") where line.hasPrefix("  -") {
            // "-v, --verbose   Explain…" or "--image-timeout <seconds>": the names before the description.
            let head = line.dropFirst(2).split(separator: "  ", maxSplits: 1)[0]
            for name in head.split(separator: ", ") {
                flags.insert(String(name.prefix { $0 != " " }))
            }
        }
        return flags
    }

    /// The flags the manual page's OPTIONS section describes: the tag line after each `.TP`.
    static func manualFlags() throws -> Set<String> {
        let manual = try text(of: root.appendingPathComponent("man/mdview.1"))
        let flag = try Regex(#"(?:^|[^\w-])(--?[a-z][a-z0-9-]*)"#)
        var flags: Set<String> = []
        var inOptions = false
        var afterTP = false
        for line in manual.split(separator: "\n") {
            if line.hasPrefix(".SH") { inOptions = line.contains("OPTIONS") }
            guard inOptions else { continue }
            if line.hasPrefix(".TP") {
                afterTP = true
                continue
            }
            if afterTP {
                let tag = line.replacing("\\-", with: "-")
                for match in tag.matches(of: flag) {
                    if let name = match.output[1].substring { flags.insert(String(name)) }
                }
            }
            afterTP = false
        }
        return flags
    }

    @Test func theManualPageDescribesEveryFlagHelpLists() throws {
        let help = try Self.helpFlags()
        let manual = try Self.manualFlags()
        #expect(help.count > 20)
        #expect(help.subtracting(manual).isEmpty, "in --help, not in man/mdview.1: \(help.subtracting(manual))")
        // swift-argument-parser leaves its completion flag out of --help; the manual page documents it.
        let hidden: Set<String> = ["--generate-completion-script"]
        let extra = manual.subtracting(help).subtracting(hidden)
        #expect(extra.isEmpty, "in man/mdview.1, not in --help: \(extra)")
    }

    // MARK: - Words about how mdview was developed

    /// Phrases that speak of where or how mdview was developed rather than of the product. Each is built
    /// from pieces so that this file does not contain what it looks for.
    static let processWords: [String] = [
        #"\bst"# + #"op [0-9]+\b"#,
        #"\bdevelop"# + #"ment (VM|machine)\b"#,
        #"\bsand"# + #"box\b"#,
        #"\bpackage"# + #" mirror\b"#,
        #"\biss"# + #"ue [0-9]+\b"#,
        #"\bw"# + #"as [0-9][0-9.,]* ?×"#,
        #"\bnobody"# + #" (on this project|here) wrote\b"#,
        #"\bthis project"# + #"'s machines\b"#,
    ]

    /// The phrases as expressions, ignoring case, with `\b` between word and non-word characters (so
    /// that `'s` after a word ends it).
    static func patterns() throws -> [Regex<AnyRegexOutput>] {
        try processWords.map { try Regex($0).ignoresCase().wordBoundaryKind(.simple) }
    }

    /// The files git tracks, relative to the repository's root. Outside a git checkout (a source
    /// archive), every file of the tree but hidden ones and build directories.
    static func trackedFiles() throws -> [String] {
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/git"),
            let result = try? Subprocess.run(
                ["/usr/bin/git", "-C", root.path, "ls-files", "-z"], environment: ["PATH": "/usr/bin:/bin"]),
            result.status == 0
        {
            return result.stdout.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        }
        let all = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return all.filter { path in !path.split(separator: "/").contains { $0.hasPrefix(".") } }
    }

    @Test func noTrackedFileSpeaksOfHowMdviewWasDeveloped() throws {
        let patterns = try Self.patterns()
        let files = try Self.trackedFiles()
        #expect(files.count > 100)
        var found: [String] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: Self.root.appendingPathComponent(file).path),
                !data.contains(0)
            else { continue }
            let text = String(decoding: data, as: UTF8.self)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for pattern in patterns where line.firstMatch(of: pattern) != nil {
                    found.append("\(file):\(number + 1): \(line.prefix(120))")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func theProcessWordsAreFound() throws {
        let patterns = try Self.patterns()
        let samples = [
            "st" + "op 24", "on the develop" + "ment VM", "this sand" + "box's DNS", "the package" + " mirror",
            "(iss" + "ue 4)", "w" + "as 338×", "nobody" + " on this project wrote",
        ]
        for sample in samples {
            #expect(patterns.contains { sample.firstMatch(of: $0) != nil }, "not found: \(sample)")
        }
        #expect(!patterns.contains { "Stop the stream with Ctrl-C; it was fast.".firstMatch(of: $0) != nil })
    }
}
