import FoundationEssentials
import Glibc

/// Where grammars are looked for, in order; the first directory with a loadable grammar wins.
///
/// Building the path touches no file: directories are only listed or opened when a code block first
/// needs a language, so a document without code costs nothing.
public struct GrammarSearchPath: Sendable, Equatable {
    /// One directory of the path and the naming convention of the tool that fills it.
    public struct Entry: Sendable, Equatable {
        /// How a tool names its grammar files and where it keeps their queries.
        public enum Layout: String, Sendable {
            /// mdview's own: `<id>.so` and `<id>/highlights.scm` (what scripts/install-grammars.sh writes).
            case mdview
            /// Helix: `runtime/grammars/<name>.so`, queries in `runtime/queries/<name>/highlights.scm`.
            case helix
            /// Neovim (nvim-treesitter): `parser/<name>.so`, queries in `queries/<name>/highlights.scm`.
            case neovim
        }

        public var directory: String
        public var layout: Layout

        public init(directory: String, layout: Layout) {
            self.directory = directory
            self.layout = layout
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// mdview's order: `--grammar-dir`, `MDVIEW_GRAMMAR_PATH` (colon-separated),
    /// `$XDG_DATA_HOME/mdview/grammars` (default `~/.local/share/mdview/grammars`), the install prefix's
    /// `share/mdview/grammars` (`<executable>/../share/mdview/grammars`), then grammars other tools
    /// installed: Helix's runtime grammars and Neovim's parser directories.
    public static func standard(
        explicitDirectory: String?, environment: [String: String], executableURL: URL?
    ) -> GrammarSearchPath {
        var dirs: [String] = []
        if let explicitDirectory, !explicitDirectory.isEmpty { dirs.append(explicitDirectory) }
        if let path = environment["MDVIEW_GRAMMAR_PATH"] {
            dirs += path.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? home.map { "\($0)/.local/share" }
        if let dataHome { dirs.append("\(dataHome)/mdview/grammars") }
        if let executableURL {
            // Resolving the path is a string operation on the executable the command runs as, not a
            // search: it touches no grammar directory.
            let prefix = parent(parent(resolved(executableURL.path)))
            dirs.append((prefix == "/" ? "" : prefix) + "/share/mdview/grammars")
        }
        var entries = dirs.map { Entry(directory: $0, layout: .mdview) }
        entries += foreignEntries(environment: environment, home: home, dataHome: dataHome)
        return GrammarSearchPath(entries: entries.uniqued())
    }

    /// The canonical path (symlinks resolved), or the path itself when it cannot be resolved.
    private static func resolved(_ path: String) -> String {
        guard let pointer = realpath(path, nil) else { return path }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// `path` without its last component (`/a/b/c` → `/a/b`).
    private static func parent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// Grammar directories of other tools (see docs/architecture.md, "Where grammars are looked for").
    /// Neovim plugin managers' directories (`site/pack/*/start/*/parser`, lazy.nvim's
    /// `lazy/nvim-treesitter/parser`) are listed here as patterns and expanded when first searched.
    package static func foreignEntries(environment: [String: String], home: String?, dataHome: String?) -> [Entry] {
        var entries: [Entry] = []
        let configHome =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? home.map { "\($0)/.config" }
        if let runtime = environment["HELIX_RUNTIME"], !runtime.isEmpty {
            entries.append(Entry(directory: "\(runtime)/grammars", layout: .helix))
        }
        if let configHome { entries.append(Entry(directory: "\(configHome)/helix/runtime/grammars", layout: .helix)) }
        entries.append(Entry(directory: "/usr/lib/helix/runtime/grammars", layout: .helix))
        entries.append(Entry(directory: "/usr/share/helix/runtime/grammars", layout: .helix))
        if let dataHome {
            entries.append(Entry(directory: "\(dataHome)/nvim/site/parser", layout: .neovim))
            entries.append(Entry(directory: "\(dataHome)/nvim/lazy/nvim-treesitter/parser", layout: .neovim))
            entries.append(
                Entry(directory: "\(dataHome)/nvim/site/pack/*/start/nvim-treesitter/parser", layout: .neovim))
            entries.append(Entry(directory: "\(dataHome)/nvim/site/pack/*/opt/nvim-treesitter/parser", layout: .neovim))
        }
        entries.append(Entry(directory: "/usr/lib/x86_64-linux-gnu/nvim/parser", layout: .neovim))
        entries.append(Entry(directory: "/usr/lib/aarch64-linux-gnu/nvim/parser", layout: .neovim))
        entries.append(Entry(directory: "/usr/share/nvim/runtime/parser", layout: .neovim))
        return entries
    }
}

extension Array where Element: Equatable {
    fileprivate func uniqued() -> [Element] {
        var result: [Element] = []
        for element in self where !result.contains(element) { result.append(element) }
        return result
    }
}
