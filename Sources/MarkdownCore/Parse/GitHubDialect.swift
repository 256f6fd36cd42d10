/// The parse stage's second step: what GitHub shows differently from CommonMark, applied to the tree
/// cmark built — HTML interpreted (or stripped), then emoji shortcodes. Alerts are recognised while the
/// tree is built (`GitHubAlerts`).
struct GitHubDialect {
    let options: ParseOptions

    func applied(to document: consuming Document) -> Document {
        if !document.blocks.contains(where: HTMLInterpreter.isHTMLBlock) {
            document.blocks = appliedBlockByBlock(&document.blocks)
            document.footnotes = document.footnotes.map { footnote in
                var footnote = footnote
                footnote.blocks = applied(to: Document(blocks: footnote.blocks)).blocks
                return footnote
            }
            return document
        }
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

    /// `blocks`, none of them an HTML block (so HTML interprets each alone), with the dialect applied one
    /// block at a time, each freed once its result is stored; a top-level list item by item. A large
    /// document's list of many thousand items (its sections joined) is then never held twice. `blocks`
    /// is left empty.
    private func appliedBlockByBlock(_ blocks: inout [Block]) -> [Block] {
        let interpreter = HTMLInterpreter(stripping: options.html == .strip)
        let emoji: (Block) -> Block = { $0.mappingInlines(EmojiShortcodes.replacing(in:)) }
        var result: [Block] = []
        result.reserveCapacity(blocks.count)
        for index in blocks.indices {
            var block = Block.thematicBreak
            swap(&block, &blocks[index])
            guard case .list(var list) = block else {
                let interpreted = options.html == .raw ? [block] : interpreter.interpretingContent(block)
                block = .thematicBreak
                result += options.emojiShortcodes ? interpreted.map(emoji) : interpreted
                continue
            }
            // The list is held by `list` alone from here, so its items are replaced in place.
            block = .thematicBreak
            for item in list.items.indices {
                var content = list.items[item].blocks
                list.items[item].blocks = []
                if options.html != .raw { content = interpreter.blocks(content) }
                if options.emojiShortcodes { content = content.map(emoji) }
                list.items[item].blocks = content
            }
            result.append(.list(list))
        }
        blocks = []
        return result
    }

    /// Top-level `blocks` with the dialect applied in runs that each give alone what they give in the
    /// whole (`HTMLInterpreter.runs(_:)`): every block is a run of its own unless HTML encloses it.
    /// `lastRunIsOpen`: an HTML element is still open at the end, so later blocks would join the last run.
    func appliedInRuns(to blocks: [Block]) -> (runs: [HTMLInterpreter.Run], lastRunIsOpen: Bool) {
        var result: (runs: [HTMLInterpreter.Run], lastRunIsOpen: Bool)
        switch options.html {
        case .raw:
            result = (blocks.indices.map { HTMLInterpreter.Run(range: $0..<$0 + 1, blocks: [blocks[$0]]) }, false)
        case .render, .strip:
            result = HTMLInterpreter(stripping: options.html == .strip).runs(blocks)
        }
        if options.emojiShortcodes {
            for index in result.runs.indices {
                result.runs[index].blocks = result.runs[index].blocks.map {
                    $0.mappingInlines(EmojiShortcodes.replacing(in:))
                }
            }
        }
        return result
    }
}
