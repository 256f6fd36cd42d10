import BuiltInHighlight
import Foundation
import MarkdownCore
import TestSupport
import Testing

@testable import Highlight

@Suite struct RegistryTests {
    @Test(arguments: [
        ("python", "python"), ("PY", "python"), ("Python3", "python"), ("js", "javascript"), ("JSX", "javascript"),
        ("mjs", "javascript"), ("ts", "typescript"), ("tsx", "tsx"), ("rs", "rust"), ("golang", "go"), ("h", "c"),
        ("C++", "cpp"), ("cc", "cpp"), ("hpp", "cpp"), ("C#", "c_sharp"), ("cs", "c_sharp"), ("csharp", "c_sharp"),
        ("java", "java"), ("kt", "kotlin"), ("rb", "ruby"), ("php", "php"), ("sh", "bash"), ("shell", "bash"),
        ("zsh", "bash"), ("env", "bash"), ("jsonc", "json"), ("yml", "yaml"), ("toml", "toml"), ("html", "html"),
        ("xml", "xml"), ("css", "css"), ("sql", "sql"), ("lua", "lua"), ("hs", "haskell"), ("scala", "scala"),
        ("Makefile", "make"), ("make", "make"), ("Dockerfile", "dockerfile"), ("plpgsql", "sql"), ("mysql", "sql"),
        ("postgres", "sql"), ("objc", "objc"), ("objective-c", "objc"), ("m", "objc"), ("protobuf", "proto"),
        ("ps1", "powershell"), ("pwsh", "powershell"), ("tf", "hcl"), ("terraform", "hcl"), ("md", "markdown"),
        ("html+django", "twig"), ("jinja", "twig"), ("gitconfig", "ini"), ("cuda", "cpp"), ("sv", "verilog"),
    ])
    func aliasesResolveIgnoringCase(alias: String, id: String) {
        #expect(LanguageCatalog.language(forAlias: alias)?.id == id)
    }

    @Test(arguments: [
        "console", "shell-session", "terminal", "sh-session", "diff", "patch", "http", "text", "txt", "nginx",
        "nginxconf", "ssh_config", "sshconfig", "ssh-config", "SSH_CONFIG",
    ])
    func builtInAliasesAreNotGrammars(alias: String) {
        #expect(LanguageCatalog.language(forAlias: alias) == nil)
        #expect(BuiltInLanguage.language(forAlias: alias) != nil)
    }

    @Test func atLeastAHundredLanguagesAreCatalogued() {
        #expect(LanguageCatalog.all.count >= 100)
    }

    @Test func unknownAliasResolvesToNothing() {
        #expect(LanguageCatalog.language(forAlias: "python title=\"x\"") == nil)
        #expect(LanguageCatalog.language(forAlias: "") == nil)
    }

    @Test func atLeastTwentyLanguagesAreCatalogued() {
        #expect(LanguageCatalog.all.count >= 20)
        let aliases = LanguageCatalog.all.flatMap(\.aliases)
        #expect(Set(aliases).count == aliases.count, "an alias names two languages")
    }

    @Test func registryThatWasAskedNothingTouchedNoFile() {
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        _ = highlighter.tokens(for: "x", language: "not-a-language")
        #expect(LanguageCatalog.all.allSatisfy { highlighter.registry.existingOutcome(for: $0) == nil })
    }

    @Test func standardSearchPathOrder() {
        let path = GrammarSearchPath.standard(
            explicitDirectory: "/explicit",
            environment: ["MDVIEW_GRAMMAR_PATH": "/a:/b", "XDG_DATA_HOME": "/data", "HOME": "/home/u"],
            executableURL: URL(fileURLWithPath: "/opt/mdview/bin/mdview"))
        let own = path.entries.filter { $0.layout == .mdview }.map(\.directory)
        #expect(own == ["/explicit", "/a", "/b", "/data/mdview/grammars", "/opt/mdview/share/mdview/grammars"])
        #expect(path.entries.contains(.init(directory: "/home/u/.config/helix/runtime/grammars", layout: .helix)))
        #expect(path.entries.contains(.init(directory: "/data/nvim/site/parser", layout: .neovim)))
    }

    @Test func defaultDataHomeIsDotLocalShare() {
        let path = GrammarSearchPath.standard(
            explicitDirectory: nil, environment: ["HOME": "/home/u"], executableURL: nil)
        #expect(path.entries.first == .init(directory: "/home/u/.local/share/mdview/grammars", layout: .mdview))
    }

    @Test func concurrentFirstUseLoadsALanguageOnce() throws {
        _ = try Grammars.require("python")
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        let python = try #require(LanguageCatalog.language(forAlias: "python"))
        let results = LockedList<Int>()
        let languages = LockedList<ObjectIdentifier>()
        BackgroundWork.perform(iterations: 32) { index in
            let tokens = highlighter.tokens(for: "def f():\n    return \(index % 4)\n", language: "python")
            results.append(tokens?.count ?? -1)
            if case .loaded(let loaded) = highlighter.registry.outcome(for: python) {
                languages.append(ObjectIdentifier(loaded))
            }
        }
        // Every caller got the one language loaded.
        #expect(Set(languages.values).count == 1 && languages.values.count == 32)
        #expect(results.values.count == 32 && results.values.allSatisfy { $0 > 0 })
    }

    @Test func identicalBlocksAskedForAtOnceAreHighlightedOnce() {
        let cache = HighlightCache()
        let computations = LockedList<Int>()
        BackgroundWork.perform(iterations: 16) { index in
            let tokens = cache.tokens(language: "python", code: "x = 1\n") {
                computations.append(index)
                usleep(20_000)  // long enough for the other threads to arrive while it runs
                return [SyntaxToken(range: 0..<1, capture: "variable")]
            }
            #expect(tokens == [SyntaxToken(range: 0..<1, capture: "variable")])
        }
        #expect(computations.values.count == 1)
    }

    @Test func rememberedFailureIsNotRetried() {
        let cache = HighlightCache()
        var computations = 0
        for _ in 0..<3 {
            #expect(
                cache.tokens(language: "nope", code: "x") {
                    computations += 1
                    return nil
                } == nil)
        }
        #expect(computations == 1)
    }

    @Test func highlightingNeverChangesTheText() throws {
        for sample in languageSamples {
            let tokens = try #require(Grammars.highlighter.tokens(for: sample.code, language: sample.language))
            let bytes = Array(sample.code.utf8)
            // Tokens only point into the text; re-assembling covered and uncovered bytes gives it back.
            var rebuilt: [UInt8] = []
            var cursor = 0
            for token in tokens {
                rebuilt += bytes[cursor..<token.range.lowerBound]
                rebuilt += bytes[token.range]
                cursor = token.range.upperBound
            }
            rebuilt += bytes[cursor...]
            #expect(rebuilt == bytes)
        }
    }
}
