/// The parse stage's second step: what GitHub shows differently from CommonMark, applied to the tree
/// cmark built — HTML interpreted (or stripped), then emoji shortcodes. Alerts are recognised while the
/// tree is built (`GitHubAlerts`).
struct GitHubDialect {
    let options: ParseOptions

    func applied(to document: consuming Document) -> Document {
        if !document.blocks.contains(where: HTMLInterpreter.isHTMLBlock) {
            document.blocks = appliedBlockByBlock(document.blocks)
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
    /// document's list of many thousand items (its sections joined) is then never held twice.
    private func appliedBlockByBlock(_ blocks: consuming [Block]) -> [Block] {
        let interpreter = HTMLInterpreter(stripping: options.html == .strip)
        var result: [Block] = []
        result.reserveCapacity(blocks.count)
        for index in blocks.indices {
            var block = Block.thematicBreak
            swap(&block, &blocks[index])
            guard case .list(var list) = block else {
                let interpreted = options.html == .raw ? [block] : interpreter.interpretingContent(block)
                result +=
                    options.emojiShortcodes
                    ? interpreted.map { $0.mappingInlines(EmojiShortcodes.replacing(in:)) } : interpreted
                continue
            }
            block = .thematicBreak
            for item in list.items.indices {
                var blocks = list.items[item].blocks
                list.items[item].blocks = []
                if options.html != .raw { blocks = interpreter.blocks(blocks) }
                if options.emojiShortcodes { blocks = blocks.map { $0.mappingInlines(EmojiShortcodes.replacing(in:)) } }
                list.items[item].blocks = blocks
            }
            result.append(.list(list))
        }
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
