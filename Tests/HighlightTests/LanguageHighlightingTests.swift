import MarkdownCore
import TestSupport
import Testing

@testable import Highlight

@Suite struct LanguageHighlightingTests {
    @Test(arguments: languageSamples)
    func keywordStringCommentNumberAndFunctionGetTheirThemeStyles(_ sample: LanguageSample) throws {
        _ = try Grammars.require(sample.language)
        let tokens = try #require(Grammars.highlighter.tokens(for: sample.code, language: sample.language))
        let bytes = Array(sample.code.utf8)
        for (snippet, capture) in sample.expected {
            let needle = Array(snippet.utf8)
            let start = try #require(
                (0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle },
                "\(snippet) not in sample")
            let range = start..<(start + needle.count)
            let covering = tokens.filter { $0.range.overlaps(range) }
            let wanted = Theme.dark.syntaxStyle(forCapture: capture)
            #expect(wanted != nil)
            let found = covering.map { "\(text(of: $0, in: sample.code))=\($0.capture)" }
            #expect(
                !covering.isEmpty
                    && covering.allSatisfy {
                        ($0.capture == capture || $0.capture.hasPrefix(capture + "."))
                            && Theme.dark.syntaxStyle(forCapture: $0.capture) != nil
                    },
                "\(sample.language): '\(snippet)' should be \(capture); got \(found)")
            #expect(
                covering.map(\.range.count).reduce(0, +) == needle.count,
                "\(sample.language): '\(snippet)' fully coloured; got \(found)")
        }
    }

    /// PHP's grammar reads all before a `<?php` as HTML; code in documents mostly leaves the tag out.
    @Test func phpWithoutItsOpenTagIsReadAsPHP() throws {
        _ = try Grammars.require("php")
        let code = "function greet($name) { return \"hi\"; }\n"
        let tokens = try #require(Grammars.highlighter.tokens(for: code, language: "php"))
        #expect(tokens.contains { text(of: $0, in: code) == "function" && $0.capture.hasPrefix("keyword") })
        #expect(tokens.allSatisfy { $0.range.lowerBound >= 0 && $0.range.upperBound <= code.utf8.count })
    }

    @Test func phpAfterHTMLIsNotReadAsPHPFromTheStart() throws {
        _ = try Grammars.require("php")
        let code = "<p>function</p>\n<?php echo \"hi\"; ?>\n"
        let tokens = try #require(Grammars.highlighter.tokens(for: code, language: "php"))
        #expect(!tokens.contains { text(of: $0, in: code) == "function" && $0.capture.hasPrefix("keyword") })
        #expect(tokens.contains { text(of: $0, in: code) == "echo" && $0.capture.hasPrefix("keyword") })
    }

    @Test func tokensAreAscendingNonOverlappingAndInsideTheText() throws {
        for sample in languageSamples {
            guard let tokens = Grammars.highlighter.tokens(for: sample.code, language: sample.language) else {
                continue
            }
            var end = 0
            for token in tokens {
                #expect(token.range.lowerBound >= end && !token.range.isEmpty)
                end = token.range.upperBound
            }
            #expect(end <= sample.code.utf8.count)
        }
    }
}
