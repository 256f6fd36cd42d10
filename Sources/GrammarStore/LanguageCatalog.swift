import MarkdownCore

/// One language mdview can highlight: the file and symbol names of its grammar and the info-string
/// words that select it.
public struct LanguageDescriptor: Sendable, Equatable {
    /// Identifier: `<id>.so` exports `tree_sitter_<id>`, its query is `<id>/highlights.scm`.
    public let id: String
    /// Lower-case aliases, the id included.
    public let aliases: [String]
    /// Other file names tools use for this grammar (Helix writes `c-sharp.so`, Neovim `c_sharp.so`).
    public let foreignNames: [String]
    /// What the grammar needs in front of code to read it as code: PHP's reads all before a `<?php` as
    /// HTML, and code in documents mostly leaves the tag out.
    public let prelude: [UInt8]

    public init(id: String, aliases: [String], foreignNames: [String] = [], prelude: String = "") {
        self.id = id
        self.aliases = aliases
        self.foreignNames = foreignNames
        self.prelude = Array(prelude.utf8)
    }

    /// The prelude `code` needs: none when it holds the prelude's first two bytes (`<?`: the code
    /// says itself where the language starts).
    public func prelude(before code: some Collection<UInt8>) -> [UInt8] {
        guard prelude.count > 1 else { return prelude }
        // Searched as concrete bytes (the callers' arrays are not copied): this runs at every highlight of
        // a growing block, where generic code over the collection cost as much as the parse.
        let bytes = (code as? [UInt8]) ?? Array(code)
        return bytes[...].contains(prelude[0], followedBy: prelude[1]) ? [] : prelude
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
        // CUDA and HLSL are C++ with a few extensions: the C++ grammar reads them (their own grammars are
        // 20 MB of C each to compile).
        .init(
            id: "cpp", aliases: ["cpp", "c++", "cc", "cxx", "hpp", "hh", "hxx", "cuda", "cu", "hlsl", "arduino", "ino"]),
        .init(id: "c_sharp", aliases: ["c#", "cs", "csharp", "c-sharp", "c_sharp"], foreignNames: ["c-sharp"]),
        .init(id: "java", aliases: ["java"]),
        .init(id: "kotlin", aliases: ["kotlin", "kt", "kts"]),
        .init(id: "swift", aliases: ["swift"]),
        .init(id: "ruby", aliases: ["ruby", "rb", "gemfile", "rake"]),
        .init(id: "php", aliases: ["php"], prelude: "<?php\n"),
        .init(id: "bash", aliases: ["bash", "sh", "shell", "zsh", "ksh", "env", "dotenv", "shellscript"]),
        .init(id: "json", aliases: ["json", "jsonc", "json5", "geojson", "jsonl", "ndjson", "ipynb", "webmanifest"]),
        .init(id: "yaml", aliases: ["yaml", "yml", "yaml-tmlanguage"]),
        .init(id: "toml", aliases: ["toml", "cargo.toml", "pyproject.toml"]),
        .init(id: "html", aliases: ["html", "htm", "xhtml"]),
        .init(id: "css", aliases: ["css"]),
        .init(
            id: "sql",
            aliases: [
                "sql", "plpgsql", "postgres", "postgresql", "pgsql", "psql", "mysql", "mariadb", "sqlite", "sqlite3",
                "tsql", "plsql", "sql92", "hive", "bigquery",
            ]),
        .init(id: "lua", aliases: ["lua"]),
        .init(id: "haskell", aliases: ["haskell", "hs"]),
        .init(id: "scala", aliases: ["scala", "sc"]),
        .init(id: "make", aliases: ["make", "makefile", "mk", "mak", "gnumakefile", "bsdmake"]),
        .init(id: "dockerfile", aliases: ["dockerfile", "docker", "containerfile"]),
        .init(
            id: "objc", aliases: ["objc", "objective-c", "objectivec", "obj-c", "m", "mm", "objective-c++", "objc++"]),
        .init(id: "elixir", aliases: ["elixir", "ex", "exs", "iex"]),
        .init(id: "erlang", aliases: ["erlang", "erl", "hrl", "escript"]),
        .init(id: "elm", aliases: ["elm"]),
        .init(id: "ocaml", aliases: ["ocaml", "ml", "mli", "reasonml"]),
        .init(id: "elisp", aliases: ["elisp", "emacs-lisp", "emacs", "el"]),
        .init(id: "julia", aliases: ["julia", "jl"]),
        .init(id: "fortran", aliases: ["fortran", "f90", "f95", "f03", "f08", "f"]),
        .init(id: "perl", aliases: ["perl", "pl", "pm", "perl5"]),
        .init(id: "r", aliases: ["r", "rscript", "splus"]),
        .init(id: "markdown", aliases: ["markdown", "md", "mkd", "mdown", "gfm", "rmd"]),
        .init(id: "hcl", aliases: ["hcl", "terraform", "tf", "tfvars", "hcl2", "nomad"]),
        .init(id: "embedded_template", aliases: ["erb", "ejs", "eruby", "rhtml", "html+erb", "embedded_template"]),
        .init(id: "dot", aliases: ["dot", "graphviz", "gv"]),
        .init(id: "hack", aliases: ["hack"]),
        .init(id: "gomod", aliases: ["gomod", "go.mod", "go-mod"]),
        .init(id: "rst", aliases: ["rst", "restructuredtext", "rest"]),
        .init(id: "proto", aliases: ["proto", "protobuf", "proto3", "proto2"]),
        .init(id: "powershell", aliases: ["powershell", "pwsh", "ps1", "psm1", "psd1", "posh"]),
        .init(
            id: "ini",
            aliases: [
                "ini", "cfg", "conf", "dosini", "gitconfig", "git-config", "git_config", "editorconfig", "desktop",
                "systemd", "inf",
            ]),
        .init(
            id: "twig",
            aliases: [
                "twig", "jinja", "jinja2", "j2", "django", "html+django", "htmldjango", "html+jinja", "liquid",
                "nunjucks", "njk",
            ]),
        .init(id: "fish", aliases: ["fish"]),
        .init(id: "graphql", aliases: ["graphql", "gql", "graphqls"]),
        .init(id: "cmake", aliases: ["cmake", "cmakelists", "cmakelists.txt"]),
        .init(id: "wat", aliases: ["wat", "wast", "wasm", "webassembly"]),
        .init(id: "dart", aliases: ["dart", "flutter"]),
        .init(id: "zig", aliases: ["zig", "zon"]),
        .init(id: "nix", aliases: ["nix", "nixos"]),
        .init(id: "latex", aliases: ["latex", "tex", "context", "sty", "cls"]),
        .init(id: "verilog", aliases: ["verilog", "v", "systemverilog", "sv", "svh", "vh"]),
        .init(id: "vhdl", aliases: ["vhdl", "vhd"]),
        .init(id: "groovy", aliases: ["groovy", "gradle", "jenkinsfile", "gvy", "nextflow", "nf"]),
        .init(id: "fsharp", aliases: ["fsharp", "f#", "fs", "fsx", "fsi"]),
        .init(id: "clojure", aliases: ["clojure", "clj", "cljs", "cljc", "edn", "clojurescript"]),
        .init(id: "csv", aliases: ["csv"]),
        .init(id: "tsv", aliases: ["tsv"]),
        .init(id: "properties", aliases: ["properties", "java-properties", "jproperties"]),
        .init(id: "ron", aliases: ["ron"]),
        .init(id: "starlark", aliases: ["starlark", "bazel", "bzl", "star", "sky", "tiltfile", "buck"]),
        .init(id: "jsonnet", aliases: ["jsonnet", "libsonnet"]),
        .init(id: "requirements", aliases: ["requirements", "requirements.txt", "pip-requirements"]),
        .init(id: "gitattributes", aliases: ["gitattributes", ".gitattributes"]),
        .init(id: "gitignore", aliases: ["gitignore", ".gitignore", "dockerignore", "ignore", "npmignore"]),
        .init(id: "thrift", aliases: ["thrift"]),
        .init(id: "capnp", aliases: ["capnp", "capnproto", "cap'n proto"]),
        .init(id: "glsl", aliases: ["glsl", "vert", "frag", "geom", "shader", "opengl"]),
        .init(id: "wgsl", aliases: ["wgsl"]),
        .init(id: "bibtex", aliases: ["bibtex", "bib", "biblatex"]),
        .init(id: "typst", aliases: ["typst", "typ"]),
        .init(
            id: "xml",
            aliases: [
                "xml", "svg", "xsd", "xsl", "xslt", "plist", "rss", "atom", "xaml", "csproj", "pom", "wsdl", "kml",
            ]),
        .init(id: "scss", aliases: ["scss", "sass", "less"]),
        .init(id: "svelte", aliases: ["svelte"]),
        .init(id: "vue", aliases: ["vue"]),
        .init(id: "astro", aliases: ["astro"]),
        .init(id: "solidity", aliases: ["solidity", "sol"]),
        .init(id: "racket", aliases: ["racket", "rkt"]),
        .init(id: "scheme", aliases: ["scheme", "scm", "ss", "guile", "chicken", "lisp", "common-lisp", "cl"]),
        .init(id: "gleam", aliases: ["gleam"]),
        .init(id: "haxe", aliases: ["haxe", "hx"]),
        .init(id: "purescript", aliases: ["purescript", "purs"]),
        .init(id: "llvm", aliases: ["llvm", "ll", "llvm-ir"]),
        .init(id: "asm", aliases: ["asm", "assembly", "nasm", "gas", "s", "x86asm", "armasm"]),
        .init(id: "matlab", aliases: ["matlab", "octave"]),
        .init(id: "meson", aliases: ["meson", "meson.build"]),
        .init(id: "ninja", aliases: ["ninja"]),
        .init(id: "gn", aliases: ["gn", "gni"]),
        .init(id: "kdl", aliases: ["kdl"]),
        .init(id: "luau", aliases: ["luau", "roblox"]),
        .init(id: "tcl", aliases: ["tcl", "tk", "expect"]),
        .init(id: "vim", aliases: ["vim", "vimscript", "viml", "vimrc", "nvim"]),
        .init(id: "puppet", aliases: ["puppet", "pp"]),
        .init(id: "rego", aliases: ["rego", "opa"]),
        .init(id: "pem", aliases: ["pem", "crt"]),
        .init(id: "po", aliases: ["po", "pot", "gettext"]),
        .init(id: "prisma", aliases: ["prisma"]),
        .init(id: "bicep", aliases: ["bicep"]),
        .init(id: "ada", aliases: ["ada", "adb", "ads"]),
        .init(id: "pascal", aliases: ["pascal", "delphi", "pas", "objectpascal", "freepascal", "lazarus"]),
        .init(id: "smali", aliases: ["smali"]),
        .init(id: "kconfig", aliases: ["kconfig"]),
        .init(id: "udev", aliases: ["udev", "udev-rules"]),
        .init(id: "dtd", aliases: ["dtd"]),
        .init(id: "janet", aliases: ["janet"]),
        .init(id: "query", aliases: ["query", "scheme-query", "tree-sitter-query", "tsq"]),
        .init(id: "gitcommit", aliases: ["gitcommit", "git-commit"]),
        .init(id: "hare", aliases: ["hare", "ha"]),
        .init(id: "beancount", aliases: ["beancount", "ledger"]),
    ]

    /// Each alias's language, as its index in `all`: made once a run, sized up front (growing it step by
    /// step rehashes it ten times) and holding integers, not descriptors to retain.
    private static let byAlias: [String: Int] = {
        var table: [String: Int] = [:]
        table.reserveCapacity(all.reduce(0) { $0 + $1.aliases.count })
        for (index, language) in all.enumerated() {
            for alias in language.aliases { table[alias] = index }
        }
        return table
    }()

    /// The language an info-string word selects, ignoring case (`Python`, `PY`); nil when unknown.
    public static func language(forAlias alias: String) -> LanguageDescriptor? {
        byAlias[alias.lowercased()].map { all[$0] }
    }
}
