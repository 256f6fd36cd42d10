// Code in every language mdview highlights, shared by the highlighter's tests (HighlightTests) and the
// query engine's oracle (HighlightQueryTests).

/// What a test that needs an installed grammar says when it is missing.
public let missingGrammarHint =
    "grammar not installed: run `make grammars` (scripts/install-grammars.sh) first"

/// A small valid program per language: every installed grammar must parse it without an error node.
public let parseSamples: [String: String] = [
    "python": "def f(x):\n    return [x, 'a', 1.5]\n",
    "javascript": "const f = (x) => { return `a${x}`; };\n",
    "typescript": "interface A { x: number }\nconst a: A = { x: 1 };\n",
    "tsx": "const e = <div className=\"a\">{x}</div>;\n",
    "rust": "fn main() { let v: Vec<u8> = vec![1]; println!(\"{}\", v.len()); }\n",
    "go": "package main\nfunc main() { x := 1; _ = x }\n",
    "c": "#include <stdio.h>\nint main(void) { printf(\"%d\", 1); return 0; }\n",
    "cpp": "#include <vector>\nint main() { std::vector<int> v{1}; return v.size(); }\n",
    "c_sharp": "class A { static void Main() { System.Console.WriteLine(1); } }\n",
    "java": "class A { public static void main(String[] a) { System.out.println(1); } }\n",
    "kotlin": "fun main() { val x = listOf(1); println(x) }\n",
    "swift": "struct A { let x: Int\n  func f() -> String { return \"\\(x)\" } }\n",
    "ruby": "def f(x)\n  [x, :a, 'b'].each { |y| puts y }\nend\n",
    "php": "<?php\nfunction f($x) { return $x + 1; }\n",
    "bash": "for f in *.txt; do echo \"$f\"; done\n",
    "json": "{\"a\": [1, true, null]}\n",
    "yaml": "a:\n  - 1\n  - b: c\n",
    "toml": "[a]\nb = 1\nc = \"d\"\n",
    "html": "<!DOCTYPE html>\n<p class=\"a\">Hi</p>\n",
    "css": "a > b { color: #fff; margin: 0 auto; }\n",
    "sql": "SELECT a, b FROM t WHERE c = 1;\n",
    "lua": "local function f(x) return x + 1 end\n",
    "haskell": "main :: IO ()\nmain = putStrLn \"hi\"\n",
    "scala": "object A { def f(x: Int): Int = x + 1 }\n",
    "make": "all: a.o\n\tcc -o a a.o\n",
    "dockerfile": "FROM debian:12\nRUN apt-get update\n",
]

/// A real snippet per language and the theme colour its keyword, string, comment, number and
/// function name must come out in.
public struct LanguageSample: CustomStringConvertible, Sendable {
    public var language: String
    public var code: String
    /// (text in the code, capture whose theme style it must get)
    public var expected: [(String, String)]
    public var description: String { language }
}

public let languageSamples: [LanguageSample] = [
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
