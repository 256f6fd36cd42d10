import MarkdownCore

/// The languages mdview highlights without a grammar of their own, because a grammar does not fit the
/// blocks people write: a `diff` block is mostly code with `+`/`-` markers (a diff grammar colours a few
/// per cent of it), a `console` block is mostly output that no shell grammar should colour, and an `http`
/// message holds a body in another language; nginx and ssh_config have no grammar at the ABI
/// libtree-sitter loads, and a configuration file of either is simple to scan. `text` and its synonyms
/// are plain on purpose.
///
/// They are a target of their own because they share nothing with tree-sitter highlighting but the
/// token type: each is a small scanner over lines, and one that embeds another language (a console's
/// commands, an HTTP body) asks its caller to highlight that part.
public enum BuiltInLanguage: String, Sendable, CaseIterable {
    case diff, console, http, nginx
    case sshConfig = "ssh_config"
    case text

    /// Lower-case info-string words, the id included.
    public var aliases: [String] {
        switch self {
        case .diff: return ["diff", "patch", "udiff"]
        case .console:
            return ["console", "shell-session", "shellsession", "sh-session", "terminal", "pycon", "ps1con"]
        case .http: return ["http", "https"]
        case .nginx: return ["nginx", "nginxconf", "nginx.conf"]
        case .sshConfig: return ["ssh_config", "sshconfig", "ssh-config", "sshd_config", "sshdconfig"]
        case .text: return ["text", "plaintext", "plain", "txt", "none", "output", "nohighlight", "log"]
        }
    }

    private static let byAlias: [String: BuiltInLanguage] = {
        var table: [String: BuiltInLanguage] = [:]
        for language in allCases {
            for alias in language.aliases { table[alias] = language }
        }
        return table
    }()

    /// The built-in language an info-string word selects, ignoring case; nil when it is not one.
    public static func language(forAlias alias: String) -> BuiltInLanguage? {
        byAlias[alias.lowercased()]
    }

    /// The tokens of `code`; the programs it embeds are highlighted by `embedded` (code, language).
    public func tokens(for code: String, embedded: (String, String) -> [SyntaxToken]?) -> [SyntaxToken] {
        switch self {
        case .text: return []
        case .diff: return DiffHighlighter.tokens(for: code)
        case .console: return ConsoleHighlighter.tokens(for: code, highlight: embedded)
        case .http: return HTTPHighlighter.tokens(for: code, highlight: embedded)
        case .nginx: return NginxHighlighter.tokens(for: code)
        case .sshConfig: return SSHConfigHighlighter.tokens(for: code)
        }
    }
}
