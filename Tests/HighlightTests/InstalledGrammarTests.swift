import Testing

@testable import Highlight

/// A small valid program per language: every installed grammar must parse it without an error node.
let parseSamples: [String: String] = [
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

@Suite struct InstalledGrammarTests {
    @Test func everyCataloguedLanguageHasASample() {
        #expect(Set(parseSamples.keys) == Set(LanguageCatalog.all.map(\.id)))
    }

    @Test(arguments: LanguageCatalog.all.map(\.id))
    func grammarParsesARealProgram(id: String) throws {
        let language = try Grammars.require(id)
        let sample = try #require(parseSamples[id])
        #expect(
            language.parsesCleanly(sample) == true, "\(id) grammar at \(language.grammar.path) reports a syntax error")
        #expect((14...14).contains(language.grammar.abi) || language.grammar.abi == 13)
        #expect(Grammars.highlighter.tokens(for: sample, language: id)?.isEmpty == false, "\(id) colours nothing")
    }
}
