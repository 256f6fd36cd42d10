/// The words that open and close blocks in languages that close them with a word rather than a bracket
/// (Ruby's and Lua's `end`, the shell's `fi`, `done` and `esac`), for `OpenBrackets`' rough scan.
///
/// Why: a Ruby class or a shell loop streamed a line at a time is open until its closing word arrives,
/// and tree-sitter reads it meanwhile as an error covering the block, which defeats every checkpoint:
/// each line reparsed the whole block (a 1,000-line Ruby class cost 338 highlights of it). Closed by
/// the words its open blocks expect, it parses without errors, as it will once they arrive.
///
/// Like the bracket scan, this is a guess checked by parsing: a wrong one (an endless `def`, a `do`
/// after `while`, a heredoc) costs a refused parse, never a wrong colour.
/// One shared instance per language (`of(language:)`), so that the scan's state, copied at every line,
/// holds a reference rather than the tables.
final class BlockKeywords: Equatable, Sendable {
    /// Words that open a block wherever they stand as a word, with the words that close it.
    let anywhere: [String: String]
    /// Words that open a block at the start of a statement only (Ruby's `if` also ends a statement as
    /// a modifier: `return x if y`).
    let atStatementStart: [String: String]
    /// Words that close the innermost block when it expects them.
    let closing: Set<String>
    /// Whether a closing word counts only at the start of a statement (the shell's, where `done` may be
    /// an argument: `echo done`).
    let closesAtStatementStart: Bool
    /// Words after which a new statement starts (the shell's `then`, `do`, `else`).
    let startingStatement: Set<String>
    /// Bytes after which a new statement starts, besides a line feed.
    let statementBytes: Set<UInt8>
    /// Words that open a loop whose `do` on the same line opens nothing more (Ruby's `while x do`).
    let loopsWithOptionalDo: Set<String>
    /// Whether a `)` that closes no bracket is a `case` pattern's (the shell's `a|b)`), to be skipped
    /// inside a `case`.
    let casePatterns: Bool
    /// Whether `{` and `}` are words that need a line of their own to close (the shell's).
    let braceIsWord: Bool
    /// Whether quoted strings go on over line feeds (Ruby's and the shell's do).
    let stringsSpanLines: Bool

    private init(
        anywhere: [String: String], atStatementStart: [String: String], closing: Set<String>,
        closesAtStatementStart: Bool, startingStatement: Set<String>, statementBytes: Set<UInt8>,
        loopsWithOptionalDo: Set<String>, casePatterns: Bool, braceIsWord: Bool = false, stringsSpanLines: Bool = false
    ) {
        self.anywhere = anywhere
        self.atStatementStart = atStatementStart
        self.closing = closing
        self.closesAtStatementStart = closesAtStatementStart
        self.startingStatement = startingStatement
        self.statementBytes = statementBytes
        self.loopsWithOptionalDo = loopsWithOptionalDo
        self.casePatterns = casePatterns
        self.braceIsWord = braceIsWord
        self.stringsSpanLines = stringsSpanLines
    }

    static func == (left: BlockKeywords, right: BlockKeywords) -> Bool { left === right }

    /// The closing words of every language, each with its code: a byte below 0x20 other than a tab or
    /// line feed, which `OpenBrackets` keeps on its stack of closers in place of the word.
    static let closerWords = ["end", "fi", "done", "esac", "until true"]

    /// The code standing for `word` on the stack of closers.
    static func code(of word: String) -> UInt8 {
        UInt8(closerWords.firstIndex(of: word)! + 1)
    }

    /// The word a code on the stack of closers stands for, nil for a bracket.
    static func word(for code: UInt8) -> String? {
        code >= 1 && Int(code) <= closerWords.count ? closerWords[Int(code) - 1] : nil
    }

    /// The keywords of the language with this tree-sitter name, nil for a language closing its blocks with
    /// brackets or indentation.
    static func of(language: String) -> BlockKeywords? {
        switch language {
        case "ruby": ruby
        case "lua": lua
        case "bash": bash
        default: nil
        }
    }

    private static let ruby: BlockKeywords = {
        let opening = ["class", "module", "def", "if", "unless", "while", "until", "case", "begin", "for"]
        return BlockKeywords(
            anywhere: ["do": "end"],
            atStatementStart: Dictionary(uniqueKeysWithValues: opening.map { ($0, "end") }),
            closing: ["end"], closesAtStatementStart: false, startingStatement: [],
            statementBytes: [UInt8(ascii: ";"), UInt8(ascii: "=")], loopsWithOptionalDo: ["while", "until", "for"],
            casePatterns: false, stringsSpanLines: true)
    }()

    private static let lua = BlockKeywords(
        anywhere: ["function": "end", "if": "end", "do": "end", "repeat": "until true"], atStatementStart: [:],
        closing: ["end", "until"], closesAtStatementStart: false, startingStatement: [],
        statementBytes: [UInt8(ascii: ";")], loopsWithOptionalDo: [], casePatterns: false)

    private static let bash = BlockKeywords(
        anywhere: [:],
        atStatementStart: [
            "if": "fi", "case": "esac", "for": "done", "while": "done", "until": "done", "select": "done",
        ],
        closing: ["fi", "done", "esac"], closesAtStatementStart: true,
        startingStatement: ["then", "do", "else", "elif"],
        statementBytes: Set(";&|({".utf8), loopsWithOptionalDo: [], casePatterns: true, braceIsWord: true,
        stringsSpanLines: true)

    /// Whether `byte` may be part of a word.
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// Whether a word preceded by `before` and followed by `after` can be a keyword: not a method or a
    /// member (`x.end`, `obj:end`), a symbol (`:if`), a variable (`@end`, `$if`), a hash key (`if: 1`)
    /// or a method name (`end?`, `do!`).
    static func standsAlone(before: UInt8?, after: UInt8) -> Bool {
        switch before {
        case UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"): return false
        default: break
        }
        switch after {
        case UInt8(ascii: ":"), UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "="): return false
        default: return true
        }
    }
}
