import TestSupport
import Testing

@testable import Highlight

@Suite struct InstalledGrammarTests {
    @Test func everyCataloguedLanguageHasASnippet() {
        let missing = Set(LanguageCatalog.all.map(\.id)).subtracting(Snippets.code.keys)
        #expect(missing.isEmpty, "no snippet in Tests/Snippets for \(missing.sorted())")
    }

    @Test(arguments: parseSamples.keys.sorted())
    func grammarParsesARealProgram(id: String) throws {
        let language = try Grammars.require(id)
        let sample = try #require(parseSamples[id])
        #expect(
            language.parsesCleanly(sample) == true, "\(id) grammar at \(language.grammar.path) reports a syntax error")
        #expect((14...14).contains(language.grammar.abi) || language.grammar.abi == 13)
        #expect(Grammars.highlighter.tokens(for: sample, language: id)?.isEmpty == false, "\(id) colours nothing")
    }

    @Test func installedQueriesKeepMostPatterns() throws {
        for status in Grammars.highlighter.languageStatuses() where status.source != "built-in" {
            let kept = try #require(
                status.patternsKept, "\(status.id): \(status.problem ?? "") — \(missingGrammarHint)")
            let total = try #require(status.patternsTotal)
            #expect(kept * 2 >= total, "\(status.id) kept \(kept) of \(total) patterns")
        }
    }
}
