/// How `OpenBrackets` reads one language: which quotes open strings and which comments there are, and
/// what closes an open block beyond its brackets (words, end tags, a supplied value, a line feed).
///
/// Why a type of its own: these are facts about a language, decided once when a scan starts, and the
/// scan's state is copied at every line; it holds this as one reference rather than a dozen flags.
final class ScanRules: Equatable, Sendable {
    let language: String
    /// Whether `'` quotes strings (Python, JavaScript, Ruby, shell…) rather than character literals (C,
    /// Java, Rust, Go…), where a `'` not closed within a few bytes is a lifetime or a prime.
    let singleQuoteIsString: Bool
    /// Whether `--` starts a line comment (Lua, SQL, Haskell).
    let dashDashComments: Bool
    /// The words that open and close blocks, in a language that closes blocks with words.
    let keywords: BlockKeywords?
    /// Whether the language is HTML, read by its tags (`OpenTags`) rather than its brackets.
    let readsTags: Bool
    /// Whether quoted strings go on over line feeds (Ruby's, the shell's and SQL's).
    let stringsSpanLines: Bool
    /// The quotes that open a long string when three of them follow one another (`"""` in Python,
    /// Kotlin, Swift, Scala, Java, Julia and TOML; `'''` too in Python and TOML), which goes on over
    /// line feeds to the same three quotes.
    let longStringQuotes: [UInt8]
    /// Whether heredocs are read (`OpenHeredocs`): the shell's. (Ruby's grammar reads a heredoc the
    /// text ends in without an error, and gives its terminator no token of its own.)
    let readsHeredocs: Bool
    /// Whether a value missing after a trailing `,` or a `:` is supplied to close the text (JSON's).
    let fillsSeparators: Bool
    /// Whether a closing `}` needs a line of its own (the shell's, a word; Kotlin's, whose members end
    /// at a line feed or `;`, so that `}}` reads as a member missing its end).
    let bracesOnOwnLines: Bool
    /// Whether a `{` after `class`, `struct`, `union` or `enum` is closed by `};` (C and C++).
    let typeBodiesEndWithSemicolon: Bool
    /// Whether the grammar wants every line ended by a line feed (Dockerfile, Makefile: an instruction
    /// or recipe line at the end of the text without one is an error).
    let endsLines: Bool
    /// Whether a trailing `,` is marked, for the text cut before it (`OpenBrackets.beforeSeparator`):
    /// in languages that allow none before a closing bracket (SQL's lists and rows, a C or Java call's
    /// arguments, a Haskell list). Elsewhere closing after it parses, and marking costs a copy of the
    /// scan at every comma.
    let marksSeparators: Bool
    /// Whether JSX elements are read (`OpenJSX`): JavaScript's and TSX's.
    let readsJSX: Bool
    /// Whether the scan gathers words (for `keywords`, `typeBodiesEndWithSemicolon` or `readsJSX`).
    let readsWords: Bool

    init(language: String) {
        self.language = language
        singleQuoteIsString = !Self.characterLiteralLanguages.contains(language)
        dashDashComments = Self.dashCommentLanguages.contains(language)
        keywords = BlockKeywords.of(language: language)
        readsTags = language == "html"
        stringsSpanLines = keywords?.stringsSpanLines ?? false || language == "sql"
        longStringQuotes = Self.longStringQuotes[language] ?? []
        readsHeredocs = language == "bash"
        fillsSeparators = language == "json"
        bracesOnOwnLines = language == "kotlin" || keywords?.braceIsWord == true
        typeBodiesEndWithSemicolon = language == "c" || language == "cpp"
        endsLines = language == "dockerfile" || language == "make"
        readsJSX = language == "javascript" || language == "tsx"
        marksSeparators = Self.separatorLanguages.contains(language)
        readsWords = keywords != nil || typeBodiesEndWithSemicolon || readsJSX
    }

    static func == (left: ScanRules, right: ScanRules) -> Bool { left.language == right.language }

    /// The quotes that open long strings, by language.
    private static let longStringQuotes: [String: [UInt8]] = [
        "python": [UInt8(ascii: "\""), UInt8(ascii: "'")], "toml": [UInt8(ascii: "\""), UInt8(ascii: "'")],
        "kotlin": [UInt8(ascii: "\"")], "swift": [UInt8(ascii: "\"")], "scala": [UInt8(ascii: "\"")],
        "java": [UInt8(ascii: "\"")], "julia": [UInt8(ascii: "\"")],
    ]

    /// Languages with no `,` allowed before some closing bracket.
    private static let separatorLanguages: Set<String> = ["sql", "c", "cpp", "java", "c_sharp", "haskell", "lua"]

    /// Languages whose comments start with `--`.
    private static let dashCommentLanguages: Set<String> = ["lua", "sql", "haskell"]

    /// Languages whose `'` opens a character literal, not a string.
    private static let characterLiteralLanguages: Set<String> = [
        "c", "cpp", "c_sharp", "java", "kotlin", "scala", "rust", "go", "swift", "dart", "zig", "haskell", "ocaml",
    ]
}
