import ArgumentParser
import FoundationEssentials
import Highlight

/// The syntax-highlighting flags, kept apart from the core command's so the highlighter owns them.
struct HighlightOptions: ParsableArguments {
    @Flag(help: "Show code blocks without syntax colours.")
    var noHighlight = false

    @Option(
        help: ArgumentHelp(
            "Look for tree-sitter grammars in this directory first (<dir>/<language>.so and <dir>/<language>/highlights.scm).",
            valueName: "dir"))
    var grammarDir: String?

    @Flag(
        help:
            "List the languages code blocks can be highlighted in (source, patterns kept, aliases; --verbose: where each grammar was found), then exit."
    )
    var listLanguages = false

    /// The highlighter for this run, or nil with `--no-highlight`. Building it touches no file: grammars
    /// load when a code block first needs one. Failures go to `diagnostics` (printed with `--verbose`).
    func highlighter(diagnostics: Diagnostics) -> TreeSitterHighlighter? {
        Self.highlighter(
            noHighlight: noHighlight, listLanguages: listLanguages, grammarDir: grammarDir, diagnostics: diagnostics)
    }

    /// The highlighter for these settings (see `Invocation`, which carries them without the parser).
    /// `environment` is the process's, passed in by callers that already have it: reading it again
    /// costs start-up a dictionary of every variable.
    static func highlighter(
        noHighlight: Bool, listLanguages: Bool, grammarDir: String?, diagnostics: Diagnostics,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> TreeSitterHighlighter? {
        guard !noHighlight || listLanguages else { return nil }
        return TreeSitterHighlighter(
            searchPath: searchPath(grammarDir: grammarDir, environment: environment), diagnostics: diagnostics,
            queryCache: CompiledQueryCache.standard(environment: environment))
    }

    static func searchPath(grammarDir: String?, environment: [String: String]) -> GrammarSearchPath {
        .standard(
            explicitDirectory: grammarDir, environment: environment,
            executableURL: URL(fileURLWithPath: "/proc/self/exe"))
    }
}
