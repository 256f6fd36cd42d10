/// One language mdview can highlight: the file and symbol names of its grammar and the info-string
/// words that select it.
public struct LanguageDescriptor: Sendable, Equatable {
    /// Identifier: `<id>.so` exports `tree_sitter_<id>`, its query is `<id>/highlights.scm`.
    public let id: String
    /// Lower-case aliases, the id included.
    public let aliases: [String]
    /// Other file names tools use for this grammar (Helix writes `c-sharp.so`, Neovim `c_sharp.so`).
    public let foreignNames: [String]

    public init(id: String, aliases: [String], foreignNames: [String] = []) {
        self.id = id
        self.aliases = aliases
        self.foreignNames = foreignNames
    }

    /// The C symbol that returns the grammar's `TSLanguage`.
    public var symbol: String { "tree_sitter_\(id)" }
}

/// The table of languages and their aliases: the factories of the language registry are keyed by
/// every alias here. Grammars are pinned in grammars.lock under the same ids.
public enum LanguageCatalog {
    public static let all: [LanguageDescriptor] = [
        .init(id: "python", aliases: ["python", "py", "python3", "py3", "gyp"]),
        .init(id: "javascript", aliases: ["javascript", "js", "jsx", "mjs", "cjs", "node"]),
        .init(id: "typescript", aliases: ["typescript", "ts", "mts", "cts"]),
        .init(id: "tsx", aliases: ["tsx"]),
        .init(id: "rust", aliases: ["rust", "rs"]),
        .init(id: "go", aliases: ["go", "golang"]),
        .init(id: "c", aliases: ["c", "h"]),
        .init(id: "cpp", aliases: ["cpp", "c++", "cc", "cxx", "hpp", "hh", "hxx"]),
        .init(id: "c_sharp", aliases: ["c#", "cs", "csharp", "c-sharp", "c_sharp"], foreignNames: ["c-sharp"]),
        .init(id: "java", aliases: ["java"]),
        .init(id: "kotlin", aliases: ["kotlin", "kt", "kts"]),
        .init(id: "swift", aliases: ["swift"]),
        .init(id: "ruby", aliases: ["ruby", "rb", "gemfile", "rake"]),
        .init(id: "php", aliases: ["php"]),
        .init(id: "bash", aliases: ["bash", "sh", "shell", "zsh", "console", "shellsession", "ksh"]),
        .init(id: "json", aliases: ["json", "jsonc", "json5", "geojson"]),
        .init(id: "yaml", aliases: ["yaml", "yml"]),
        .init(id: "toml", aliases: ["toml"]),
        // XML uses the HTML grammar: no ABI-14 tree-sitter-xml on PyPI compiles (grammars.lock).
        .init(id: "html", aliases: ["html", "htm", "xhtml", "xml", "svg", "xsd", "xsl", "plist", "vue"]),
        .init(id: "css", aliases: ["css"]),
        .init(id: "sql", aliases: ["sql"]),
        .init(id: "lua", aliases: ["lua"]),
        .init(id: "haskell", aliases: ["haskell", "hs"]),
        .init(id: "scala", aliases: ["scala", "sc"]),
        .init(id: "make", aliases: ["make", "makefile", "mk", "mak"]),
        .init(id: "dockerfile", aliases: ["dockerfile", "docker", "containerfile"]),
    ]

    private static let byAlias: [String: LanguageDescriptor] = {
        var table: [String: LanguageDescriptor] = [:]
        for language in all {
            for alias in language.aliases { table[alias] = language }
        }
        return table
    }()

    /// The language an info-string word selects, ignoring case (`Python`, `PY`); nil when unknown.
    public static func language(forAlias alias: String) -> LanguageDescriptor? {
        byAlias[alias.lowercased()]
    }
}
