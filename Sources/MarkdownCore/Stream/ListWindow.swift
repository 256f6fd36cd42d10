/// A stream's open top-level list whose items are not final yet, parsed and laid out from its last
/// closed item on, with the provisional lines of the items before it reused: a tight list (a later
/// blank line between items makes it loose, which changes every item's layout) or an ordered list (a
/// later item can widen the number column: the numbers are right-aligned to the widest, so item 10
/// changes the lines of items 1–9). Their items cannot be returned as final before the list ends, but
/// without a window each provisional update would parse and lay out the whole list, so that a long
/// list streamed in small pieces cost time quadratic in its length.
///
/// What it buys: fed in 16-byte pieces with the provisional tail after each (a redraw every 33 ms at
/// 120 tokens a second), a 300-item tight list (23 KB) costs 16 times the CPU without it (133 → 2,134 ms
/// for the stream, 1.5 ms a redraw on average and twice that at its end) and a 120-item ordered list 10
/// times (41 → 405 ms). Into a pipe (final lines only) it is not used.
///
/// Why the window's lines are the whole list's lines after those of the items before it (as
/// `DocumentLayout.listLines` lays lists out): every item is laid out on its own from its blocks, its
/// marker, the width and whether the list is tight, and items are joined by a blank line when the list
/// is loose and by nothing when it is tight. The marker is the bullet for the list's depth, or the
/// item's number (the list's start plus its index) right-aligned to the widest number, which is the
/// last item's. So the window's list is laid out with the whole list's numbering (`start + index`) and
/// the same last item, hence the same number column, and its lines are exactly the whole list's from
/// its first item on, as long as the whole list is as tight as when the lines before were laid out
/// and its widest number as wide.
///
/// Why a parse from the window's first item reads the whole list's items from there on: the same
/// reasoning as `ContainerWindow`'s (a closed item takes no part in parsing later lines, and a line
/// that started an item in the whole list starts the same item at the start of a document). Whether
/// the whole list is tight: the items before the window and the gap after them were tight when the
/// window was made and can no longer change, so the whole list is tight exactly while the window's is.
/// A loose list stays loose, whatever the window's items alone read as.
///
/// What is checked rather than assumed: a window is made only when a parse from its line gives the
/// whole list's items from there on and the whole list's lines end with the window's; every later parse
/// must read the window's first item as it was, with nothing after the list, and the widest number as
/// wide (else the stream drops the window and parses the whole list again, once); no window is made or
/// kept while the list may hold a link reference definition, a footnote or an HTML block, which apply
/// across items. When the list ends it is parsed whole: its final lines never depend on a window.
struct ListWindow: Sendable {
    /// Where the window's text starts in the stream's source (the first line of its first item).
    private(set) var offset: Int
    /// The source's generation `offset` belongs to.
    let generation: Int
    /// How many of the list's items come before the window's first.
    private(set) var index: Int
    /// The whole list's first number, for an ordered list; nil for a bullet list.
    let start: Int?
    /// Whether the whole list is tight.
    let isTight: Bool
    /// The window's first item as parsed: a later parse must read it the same.
    private(set) var head: ListItem
    /// The provisional lines of the items before the window, as the whole list lays them out.
    private(set) var linesBefore: [StyledLine]
    /// The display width of the widest number `linesBefore` were laid out with (0 for a bullet list).
    private(set) var labelWidth: Int

    /// A window over `list` (the open list, parsed whole; `lines` its provisional layout) from item
    /// `index` on, whose text starts at `offset` of a source of `generation`; `layout` lays out a block
    /// provisionally. Nil when the list's lines do not end with the window's as they should.
    init?(
        list: ListBlock, lines: [StyledLine], from index: Int, offset: Int, generation: Int,
        layout: (Block) -> [StyledLine]
    ) {
        guard index >= 1, index < list.items.count else { return nil }
        if case .ordered(let start) = list.kind { self.start = start } else { start = nil }
        isTight = list.isTight
        self.offset = offset
        self.generation = generation
        self.index = index
        head = list.items[index]
        linesBefore = []
        labelWidth = Self.labelWidth(start: start, lastIndex: list.items.count - 1)
        let items = Array(list.items[index...])
        let windowLines = layout(.list(shown(items, from: index)))
        guard let before = Self.lines(of: lines, before: windowLines, tight: isTight) else { return nil }
        linesBefore = before
    }

    /// The window's text in `source`, up to `length`.
    func text(in source: StreamSource, upTo length: Int) -> String {
        String(decoding: source.bytes[offset..<length], as: UTF8.self)
    }

    /// The window's items as the whole list shows them (numbered from the whole list's start, as tight
    /// as it is), read from a parse of the window's text whose first block is `parsed`; nil when the
    /// window no longer applies: the parse is no list of the same kind, reads the first item otherwise,
    /// is loose while the whole list was tight (it has become loose), or its last number is wider or
    /// narrower than the lines before were laid out with.
    func list(fromParsed parsed: Block) -> ListBlock? {
        guard case .list(let list) = parsed, let first = list.items.first, first == head else { return nil }
        switch (list.kind, start) {
        case (.bullet, nil), (.ordered, .some): break
        default: return nil
        }
        if isTight && !list.isTight { return nil }
        guard Self.labelWidth(start: start, lastIndex: index + list.items.count - 1) == labelWidth else { return nil }
        return shown(list.items, from: index)
    }

    /// The provisional lines of the whole list, given `windowLines`, the layout of the window's items
    /// as `list(fromParsed:)` returned them.
    func lines(with windowLines: [StyledLine]) -> [StyledLine] {
        linesBefore + (isTight ? [] : [.blank]) + windowLines
    }

    /// Moves the window's start to its item at `item` (an index into `items`, the window's items as
    /// shown, laid out as `windowLines`), whose text starts `distance` bytes after the window's. Returns
    /// false (changing nothing) when `item` is not after the first or the lines do not part as they should.
    mutating func move(
        toItem item: Int, of items: [ListItem], windowLines: [StyledLine], distance: Int,
        layout: (Block) -> [StyledLine]
    ) -> Bool {
        guard item >= 1, item < items.count else { return false }
        let restLines = layout(.list(shown(Array(items[item...]), from: index + item)))
        guard let added = Self.lines(of: windowLines, before: restLines, tight: isTight) else { return false }
        if !isTight { linesBefore.append(.blank) }
        linesBefore += added
        index += item
        offset += distance
        head = items[item]
        return true
    }

    /// `items`, the list's from the one at `first` on, as the whole list shows them.
    private func shown(_ items: [ListItem], from first: Int) -> ListBlock {
        let kind: ListBlock.Kind = start.map { .ordered(start: $0 &+ first) } ?? .bullet
        return ListBlock(kind: kind, isTight: isTight, items: items)
    }

    /// The lines of `lines` before `suffix` and the separator in front of it (a blank line in a loose
    /// list), or nil when `lines` does not end that way.
    private static func lines(of lines: [StyledLine], before suffix: [StyledLine], tight: Bool) -> [StyledLine]? {
        let separator = tight ? 0 : 1
        guard !suffix.isEmpty, lines.count >= suffix.count + separator, lines.hasSuffix(suffix) else { return nil }
        let end = lines.count - suffix.count - separator
        if !tight && lines[end] != .blank { return nil }
        return Array(lines[..<end])
    }

    /// The display width of the number of the item at `lastIndex` of a list starting at `start`.
    private static func labelWidth(start: Int?, lastIndex: Int) -> Int {
        guard let start else { return 0 }
        return DisplayWidth.of("\(start &+ lastIndex).")
    }
}

extension Array where Element: Equatable {
    /// Whether the array ends with `suffix`.
    fileprivate func hasSuffix(_ suffix: [Element]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
