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
            "List the languages code blocks can be highlighted in, their aliases and where each grammar was found, then exit."
    )
    var listLanguages = false

    /// The highlighter for this run, or nil with `--no-highlight`. Building it touches no file: grammars
    /// load when a code block first needs one. Failures go to `diagnostics` (printed with `--verbose`).
    func highlighter(diagnostics: Diagnostics) -> TreeSitterHighlighter? {
        guard !noHighlight || listLanguages else { return nil }
        return TreeSitterHighlighter(searchPath: searchPath(), diagnostics: diagnostics)
    }

    func searchPath() -> GrammarSearchPath {
        .standard(
            explicitDirectory: grammarDir, environment: ProcessInfo.processInfo.environment,
            executableURL: URL(fileURLWithPath: "/proc/self/exe"))
    }
}
