/// The parse stage's second step: what GitHub shows differently from CommonMark, applied to the tree
/// cmark built — HTML interpreted (or stripped), then emoji shortcodes. Alerts are recognised while the
/// tree is built (`GitHubAlerts`).
struct GitHubDialect {
    let options: ParseOptions

    func applied(to document: Document) -> Document {
        var document = document
        switch options.html {
        case .raw:
            break
        case .render, .strip:
            let interpreter = HTMLInterpreter(stripping: options.html == .strip)
            document.blocks = interpreter.blocks(document.blocks)
            document.footnotes = document.footnotes.map { footnote in
                var footnote = footnote
                footnote.blocks = interpreter.blocks(footnote.blocks)
                return footnote
            }
        }
        if options.emojiShortcodes {
            document.blocks = document.blocks.map { $0.mappingInlines(EmojiShortcodes.replacing(in:)) }
            document.footnotes = document.footnotes.map { footnote in
                var footnote = footnote
                footnote.blocks = footnote.blocks.map { $0.mappingInlines(EmojiShortcodes.replacing(in:)) }
                return footnote
            }
        }
        return document
    }
}
