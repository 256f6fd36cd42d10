import ArgumentParser
import MarkdownCore

/// The command-line options for the parts of GitHub's Markdown beyond CommonMark: HTML, emoji, math and diagrams.
struct DialectOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "HTML in the document: render (as GitHub shows it), raw (the tags, dimmed), strip (text only).",
            valueName: "mode"))
    var html: ParseOptions.HTMLMode = .render

    @Flag(name: .customLong("no-emoji"), help: "Leave emoji shortcodes such as :rocket: as written.")
    var noEmoji = false

    @Option(
        help: ArgumentHelp(
            "Math ($…$, $$…$$, \\(…\\), \\[…\\], ```math): render (typeset for the terminal), source (the TeX as written).",
            valueName: "mode"))
    var math: MathOptions.Mode = .render

    @Option(
        help: ArgumentHelp(
            "Mermaid diagrams (```mermaid): render (drawn in box-drawing characters), source (the code as written).",
            valueName: "mode"))
    var diagrams: DiagramOptions.Mode = .render

    var parseOptions: ParseOptions {
        ParseOptions(html: html, emojiShortcodes: !noEmoji)
    }
}

extension ParseOptions.HTMLMode: ExpressibleByArgument {}
extension PresentationMode: ExpressibleByArgument {}
