import MarkdownCore
import Testing

@testable import Highlight

/// A real snippet per language and the theme colour its keyword, string, comment, number and
/// function name must come out in.
struct LanguageSample: CustomTestStringConvertible, Sendable {
    var language: String
    var code: String
    /// (text in the code, capture whose theme style it must get)
    var expected: [(String, String)]
    var testDescription: String { language }
}

let languageSamples: [LanguageSample] = [
    LanguageSample(
        language: "python",
        code: """
            # say hello
            def greet(name):
                return "hi " * 42
            """,
        expected: [
            ("def", "keyword"), ("\"hi \"", "string"), ("# say hello", "comment"), ("42", "number"),
            ("greet", "function"),
        ]),
    LanguageSample(
        language: "javascript",
        code: """
            // say hello
            function greet(name) { return "hi" + 42; }
            """,
        expected: [
            ("function", "keyword"), ("\"hi\"", "string"), ("// say hello", "comment"), ("42", "number"),
            ("greet", "function"),
        ]),
    LanguageSample(
        language: "typescript",
        code: """
            // say hello
            function greet(name: string): number { return "hi".length + 42; }
            """,
        expected: [
            ("function", "keyword"), ("\"hi\"", "string"), ("// say hello", "comment"), ("42", "number"),
            ("greet", "function"), ("number", "type"),
        ]),
    LanguageSample(
        language: "rust",
        code: """
            // say hello
            fn greet(name: &str) -> u32 { println!("hi"); 42 }
            """,
        expected: [
            ("fn", "keyword"), ("\"hi\"", "string"), ("// say hello", "comment"), ("42", "number"),
            ("greet", "function"),
        ]),
    LanguageSample(
        language: "go",
        code: """
            // say hello
            func greet(name string) int { fmt.Println("hi"); return 42 }
            """,
        expected: [
            ("func", "keyword"), ("\"hi\"", "string"), ("// say hello", "comment"), ("42", "number"),
            ("greet", "function"),
        ]),
    LanguageSample(
        language: "c",
        code: """
            /* say hello */
            int greet(const char *name) { puts("hi"); return 42; }
            """,
        expected: [
            ("return", "keyword"), ("\"hi\"", "string"), ("/* say hello */", "comment"), ("42", "number"),
            ("greet", "function"),
        ]),
    LanguageSample(
        language: "cpp",
        code: """
            // say hello
            namespace app { int greet() { std::puts("hi"); return 42; } }
            """,
        expected: [
            ("namespace", "keyword"), ("\"hi\"", "string"), ("// say hello", "comment"), ("42", "number"),
            ("greet", "function"),
        ]),
    LanguageSample(
        language: "java",
        code: """
            // say hello
            class A { int greet() { System.out.println("hi"); return 42; } }
            """,
        expected: [
            ("class", "keyword"), ("\"hi\"", "string"), ("// say hello", "comment"), ("42", "number"),
            ("greet", "function"),
        ]),
    LanguageSample(
        language: "ruby",
        code: """
            # say hello
            def greet(name)
              puts "hi"
              42
            end
            """,
        expected: [
            ("def", "keyword"), ("\"hi\"", "string"), ("# say hello", "comment"), ("42", "number"),
            ("greet", "function"),
        ]),
    LanguageSample(
        language: "bash",
        code: """
            # say hello
            greet() { if true; then echo "hi" $((42 + 1)); fi; }
            """,
        expected: [
            ("if", "keyword"), ("\"hi\"", "string"), ("# say hello", "comment"), ("42", "number"),
            ("greet", "function"),
        ]),
    LanguageSample(
        language: "lua",
        code: """
            -- say hello
            local function greet(name) return "hi" .. 42 end
            """,
        expected: [
            ("local", "keyword"), ("\"hi\"", "string"), ("-- say hello", "comment"), ("42", "number"),
            ("greet", "function"),
        ]),
    LanguageSample(
        language: "csharp",
        code: """
            // say hello
            class A { int Greet() { Console.WriteLine("hi"); return 42; } }
            """,
        expected: [
            ("class", "keyword"), ("\"hi\"", "string"), ("// say hello", "comment"), ("42", "number"),
            ("Greet", "function"),
        ]),
    LanguageSample(
        language: "php",
        code: """
            <?php
            // say hello
            function greet($name) { echo "hi"; return 42; }
            """,
        expected: [
            ("function", "keyword"), ("\"hi\"", "string"), ("// say hello", "comment"), ("42", "number"),
            ("greet", "function"),
        ]),
    LanguageSample(
        language: "swift",
        code: """
            // say hello
            func greet(name: String) -> Int { print("hi"); return 42 }
            """,
        expected: [
            ("func", "keyword"), ("\"hi\"", "string"), ("// say hello", "comment"), ("42", "number"),
            ("greet", "function"),
        ]),
    LanguageSample(
        language: "kotlin",
        code: """
            // say hello
            fun greet(name: String): Int { println("hi"); return 42 }
            """,
        expected: [
            ("fun", "keyword"), ("\"hi\"", "string"), ("// say hello", "comment"), ("42", "number"),
            ("greet", "function"),
        ]),
]

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
