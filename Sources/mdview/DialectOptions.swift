import ArgumentParser
import MarkdownCore

/// The command-line options for the parts of GitHub's Markdown beyond CommonMark: HTML and emoji.
struct DialectOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "HTML in the document: render (as GitHub shows it), raw (the tags, dimmed), strip (text only).",
            valueName: "mode"))
    var html: ParseOptions.HTMLMode = .render

    @Flag(name: .customLong("no-emoji"), help: "Leave emoji shortcodes such as :rocket: as written.")
    var noEmoji = false

    var parseOptions: ParseOptions {
        ParseOptions(html: html, emojiShortcodes: !noEmoji)
    }
}

extension ParseOptions.HTMLMode: ExpressibleByArgument {}
