/// An open top-level tight list or ordered list is parsed and laid out from its last closed item on
/// (`ListWindow`): the window is opened once a provisional layout of the whole list proves it reads as
/// the whole list, moved to the last closed item at each provisional layout, and dropped whenever it
/// may no longer apply (the list is then parsed whole, and the window opened again later).
extension MarkdownStream {
    /// The open list parsed from `listWindow`'s start: the lines are counted from the window's first
    /// line and the list holds the window's items as the whole list shows them. Nil when the window no
    /// longer applies. Blocks may follow the list (the last line, still unfinished, may read as a
    /// paragraph after it, as `12` does until `12. ` arrives): a provisional layout shows them after the
    /// list, and when the list has ended for good, the stream parses it whole to make it final.
    mutating func parseListWindow(_ listWindow: ListWindow, upTo length: Int) -> TailParse? {
        guard listWindow.generation == source.generation, listWindow.offset < length,
            !listMayJoinItems()
        else { return nil }
        var parse = parse(listWindow.text(in: source, upTo: length))
        guard let first = parse.blocks.first, first.line == 1, let list = listWindow.list(fromParsed: first.block)
        else { return nil }
        parse.blocks[0].block = .list(list)
        return parse
    }

    /// The provisional lines of the whole list and what follows it, given `tail`, the window's list as
    /// `parseListWindow` read it (and the blocks after it), and its items' start lines; moves the window
    /// to the last closed item. Nil when `tail` does not start with such a list.
    mutating func listWindowLines(for tail: [Block], childLines: [Int]?) -> [StyledLine]? {
        guard listWindow != nil, case .list(let list)? = tail.first else { return nil }
        let windowLines = provisionalRenderer.lines(for: Document(blocks: tail), baseDirectory: baseDirectory)
        let lines = listWindow?.lines(with: windowLines) ?? windowLines
        // Keep the window at the last closed item (the one before the open last item).
        let item = list.items.count - 2
        guard tail.count == 1, item >= 1, let childLines, childLines.count == list.items.count, childLines[item] > 1,
            var moved = listWindow
        else { return lines }
        listWindow = nil  // the lines before the window grow in place, not copied
        let distance = StreamSource.offset(ofLine: childLines[item], in: source.bytes[moved.offset...])
        if moved.offset + distance < source.count,
            moved.move(
                toItem: item, of: list.items, windowLines: windowLines, distance: distance, layout: provisionalLayout)
        {
            // What was parsed through the old window is no tail of the new one.
            lastTail = nil
        }
        listWindow = moved
        return lines
    }

    /// After the whole open block `tail` was laid out provisionally as `lines`: opens a window from the
    /// last closed item of a tight or ordered list on, when it is safe and a parse from that item's
    /// line reads the list's items from there on as the whole parse did. `childLines` are the start
    /// lines of its items.
    mutating func openListWindow(on tail: [Block], lines: [StyledLine], childLines: [Int]?) {
        guard listWindow == nil, window == nil, tail.count == 1, case .list(let list) = tail[0],
            list.isTight || list.kind != .bullet
        else { return }
        let item = list.items.count - 2
        guard item >= 1, let childLines, childLines.count == list.items.count, childLines[item] > 1,
            !listMayJoinItems()
        else { return }
        let offset = source.offset(ofLine: childLines[item])
        guard offset < source.count,
            let opened = ListWindow(
                list: list, lines: lines, from: item, offset: offset, generation: source.generation,
                layout: provisionalLayout),
            let parse = parseListWindow(opened, upTo: source.count), parse.blocks.count == 1,
            case .list(let read) = parse.blocks[0].block, read.items[...] == list.items[item...]
        else { return }
        listWindow = opened
        lastTail = nil
    }

    /// Goes back to parsing the open list whole.
    mutating func dropListWindow() {
        listWindow = nil
        lastTail = nil
        lastTailChildLines = []
    }

    /// Whether the stream's text may hold what applies across a list's items: a link reference
    /// definition or footnote (`WindowRegionScan`) or, unless HTML is shown raw, an HTML block that the
    /// HTML interpreter may join with what follows (`HTMLBlockScan`).
    mutating func listMayJoinItems() -> Bool {
        if listReferenceScan.mayHoldReferences(source, upTo: source.count) { return true }
        return renderer.parseOptions.html != .raw && listHTMLScan.mayHoldHTMLBlock(source, upTo: source.count)
    }
}
