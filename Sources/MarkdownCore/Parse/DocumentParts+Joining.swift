/// Putting back together the blocks a cut between sections split: paragraphs, lists, quotes and tables.
extension DocumentParts {
    /// The paragraph, list or block quote a section ends with and the one the next section starts with,
    /// made one: the next section was cut inside it (`MarkdownSections.joins`). A table's rows follow
    /// each other (the next half's header is the same, parsed in front of it). A paragraph's lines are
    /// joined by a soft break, the halves of a line cut inside (`insideLine`) by the space the cut took
    /// out, into the texts on either side, as cmark gives one text for a run of plain characters; a
    /// list's items follow each other, its kind (and start) its first half's, tight if both are; a
    /// quote's blocks follow each other. A cut inside containers (`path`, outermost first) goes down
    /// through them: a quote's last block and the next half's first are joined, a list's last item and
    /// the next half's first made one, their last block and first joined, down to the paragraph.
    /// `joinedInlines` counts the joined paragraph's inline elements: once they are more than
    /// `ParagraphInlineCap` allows, the paragraph is shown as plain text, and each later half is made
    /// plain text as it is joined, so the paragraph's elements are never all held.
    static func join(
        _ pending: inout [Block], _ blocks: inout [Block], insideLine: Bool,
        path: ArraySlice<ContainerKind> = [], joinedInlines: inout Int?
    ) {
        guard let last = pending.last, let first = blocks.first, mayJoin(last) else { return }
        // Taken out first, so that the arrays appended to are held once and grow in place.
        pending.removeLast()
        switch (consume last, first) {
        case (.paragraph(var before), .paragraph(var after)):
            let limit = ParagraphInlineCap.maximumInlines
            let wasOver = joinedInlines.map { $0 > limit } ?? false
            let total = Swift.min(
                (joinedInlines ?? ParagraphInlineCap.count(before)) + ParagraphInlineCap.count(after)
                    + (insideLine ? Self.spaceJoinElements(before, after) : 1), limit + 1)
            if total > limit {
                if !wasOver { before = ParagraphInlineCap.flattened(before) }
                after = ParagraphInlineCap.flattened(after)
            }
            joinedInlines = total
            if insideLine {
                Self.appendWithSpace(&before, after)
            } else {
                before.append(.softBreak)
                before += after
            }
            pending.append(.paragraph(before))
        case (.list(var before), .list(var after)):
            if path.first == .item, var item = before.items.popLast(), !after.items.isEmpty {
                var rest = after.items.removeFirst().blocks
                join(&item.blocks, &rest, insideLine: false, path: path.dropFirst(), joinedInlines: &joinedInlines)
                item.blocks += rest
                before.items.append(item)
                // Blocks or items after the joined paragraph: the list's last paragraph is another one.
                if !rest.isEmpty || !after.items.isEmpty { joinedInlines = nil }
            } else {
                joinedInlines = nil
            }
            before.items += after.items
            before.isTight = before.isTight && after.isTight
            pending.append(.list(before))
        case (.table(var before), .table(let after)) where before.columnCount == after.columnCount:
            // Cut between its rows (`TableRowRun`): the second half was parsed behind the same header.
            before.rows += after.rows
            pending.append(.table(before))
        case (.blockQuote(var before), .blockQuote(var after)):
            // Cut inside (`ContainerParagraphRun`): the halves' last and first blocks join, and the quote
            // goes on.
            join(&before, &after, insideLine: false, path: path.dropFirst(), joinedInlines: &joinedInlines)
            // Blocks after the joined paragraph: the quote's last paragraph is another one.
            if !after.isEmpty { joinedInlines = nil }
            before += after
            pending.append(.blockQuote(before))
        case (let unjoined, _):
            pending.append(unjoined)
            return
        }
        blocks.removeFirst()
    }

    /// How many elements joining `before` and `after` with a space adds: the space goes into the text on
    /// either side (one element fewer when both are texts), or is a text of its own.
    private static func spaceJoinElements(_ before: [Inline], _ after: [Inline]) -> Int {
        switch (before.last, after.first) {
        case (.text, .text): -1
        case (.text, _), (_, .text): 0
        default: 1
        }
    }

    /// `after` appended to `before` with a space between, merged into the texts on either side.
    private static func appendWithSpace(_ before: inout [Inline], _ after: [Inline]) {
        var after = after[...]
        var joint = " "
        if case .text(let text)? = before.last {
            before.removeLast()
            joint = text + joint
        }
        if case .text(let text)? = after.first {
            after = after.dropFirst()
            joint += text
        }
        before.append(.text(joint))
        before += after
    }

    /// Whether a section cut inside `block` may be joined back to it.
    static func mayJoin(_ block: Block) -> Bool {
        switch block {
        case .paragraph, .list, .blockQuote, .table: true
        default: false
        }
    }
}
