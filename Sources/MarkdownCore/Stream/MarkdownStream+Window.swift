/// An open block quote, alert or loose bullet list whose first children are settled is parsed from the
/// last of them on (`ContainerWindow`): the window is opened once a parse proves it reads as the whole
/// container, moved as more children settle, and dropped whenever it may no longer apply (the container
/// is then parsed whole).
extension MarkdownStream {
    /// After `container` (the open block, parsed whole from the source's first `length` bytes) had its
    /// settled part returned: opens a window from the last settled child on, when it is safe.
    mutating func openWindow(on container: Block, length: Int) {
        guard window == nil, let committed, !committed.part.mayBecomeLoose,
            let count = ContainerWindow.childCount(of: container)
        else { return }
        // An alert's first blocks come from its quote's first child (the title line and what follows
        // it on the paragraph), so its quote may have one child more than the alert has blocks.
        let lines = lastTailChildLines
        let titleChildren = lines.count - count
        var isAlert = false
        if case .alert = container { isAlert = true }
        guard titleChildren == 0 || (isAlert && titleChildren == 1) else { return }
        let index = committed.part.count - 1
        let sourceIndex = index + titleChildren
        guard sourceIndex >= 1, sourceIndex < lines.count, lines[sourceIndex] > 1 else { return }
        let offset = source.offset(ofLine: lines[sourceIndex])
        guard offset < length, !windowRegion.mayHoldReferences(source, upTo: offset),
            let opened = ContainerWindow(
                container: container, from: index, offset: offset, layout: provisionalLayout),
            opened.startsChildLine(source.bytes, at: offset)
        else { return }
        // Kept only when a parse from its line reads the children from there on as the whole parse did.
        let rest = ContainerWindow.children(of: container, in: index..<count)
        guard let parse = parseWindow(opened, upTo: length), parse.starts.count == 1, parse.blocks.count == 1,
            parse.blocks[0].block == rest
        else { return }
        window = opened
        lastTail = (parse.blocks.map(\.block), length)
        lastTailChildLines = parse.childLines
    }

    /// After a parse of the window (`container` holds its children): returns the lines of the children
    /// that settled since, and moves the window to the last of them.
    mutating func settleWindow(_ container: Block, length: Int, into final: inout [StyledLine]) {
        guard window != nil, var committed else { return dropWindow() }
        if renderer.parseOptions.html != .raw && htmlScan.mayHoldHTMLBlock(source, upTo: length) {
            return dropWindow()
        }
        // The window's first child is the committed part's last: its later children are new.
        guard let part = SettledPart(of: container, checked: 1), part.count > 1 else { return }
        let first = part.prefix(1)
        guard let added = part.linesAdded(since: first, renderer, baseDirectory: baseDirectory) else {
            return dropWindow()
        }
        var provisionalCount = committed.provisionalLineCount + added.count
        if renderer.resolver.images != nil {
            guard let provisional = part.linesAdded(since: first, provisionalRenderer, baseDirectory: baseDirectory)
            else { return dropWindow() }
            provisionalCount = committed.provisionalLineCount + provisional.count
        }
        self.committed = nil  // the part and its lines grow in place, not copied
        committed.append(added, forWindow: part, provisionalLineCount: provisionalCount)
        final += added
        self.committed = committed
        moveWindow(toChild: part.count - 1, of: container, length: length)
    }

    /// Moves the window's start to its child at `index` (the new last settled child), or drops it when
    /// that child's line is not known to be a safe start.
    private mutating func moveWindow(toChild index: Int, of container: Block, length: Int) {
        guard var moved = window, let count = ContainerWindow.childCount(of: container) else { return dropWindow() }
        let lines = lastTailChildLines
        guard lines.count == count, index < lines.count, lines[index] > 1 else { return dropWindow() }
        let line = lines[index]
        let distance = StreamSource.offset(ofLine: line, in: source.bytes[moved.offset...])
        guard moved.startsChildLine(source.bytes, at: moved.offset + distance),
            !windowRegion.mayHoldReferences(source, upTo: moved.offset + distance),
            moved.move(toChild: index, of: container, distance: distance, layout: provisionalLayout)
        else { return dropWindow() }
        window = moved
        lastTail = ([ContainerWindow.children(of: container, in: index..<count)], length)
        lastTailChildLines = lines[index...].map { $0 > 0 ? $0 - (line - 1) : 0 }
    }

    /// Goes back to parsing the open block whole (what was parsed through the window is dropped).
    mutating func dropWindow() {
        window = nil
        lastTail = nil
        lastTailChildLines = []
    }

    /// Lays out a block as the provisional tail does.
    var provisionalLayout: (Block) -> [StyledLine] {
        let renderer = provisionalRenderer
        let baseDirectory = baseDirectory
        return { renderer.lines(for: Document(blocks: [$0]), baseDirectory: baseDirectory) }
    }
}
