extension DocumentLayout {
    /// Bullets cycle by nesting depth so that levels are told apart without colour.
    static let bullets = ["•", "◦", "▪", "‣"]

    func listLines(_ list: ListBlock, width: Int) -> [StyledLine] {
        listItemLines(list, width: width, labelWidth: markerLabelWidth(for: list), continuing: false)
    }

    /// A run of a list's items, as `listLines` lays them out within the whole list: `list` holds the
    /// run's items (an ordered list starting at the run's first number), `labelWidth` is the whole list's
    /// (`markerLabelWidth`), and `continuing` says that items came before, so a loose run starts with the
    /// blank line between two items. The runs of a list, concatenated, are its `listLines`.
    func listItemLines(_ list: ListBlock, width: Int, labelWidth: Int, continuing: Bool) -> [StyledLine] {
        var lines: [StyledLine] = []
        let labels = markerLabels(for: list)
        let nested = nestedInList()
        for (index, item) in list.items.enumerated() {
            var marker: [Span] = []
            var markerWidth = 0
            if item.task == nil || list.kind != .bullet {
                // Ordered numbers are right-aligned: the widest number sets the column.
                marker.append(Span(labels[index].leftPadded(to: labelWidth) + " ", style: theme.listMarker))
                markerWidth = labelWidth + 1
            }
            if let task = item.task {
                marker.append(
                    task == .checked
                        ? Span("[✓]", style: theme.taskChecked) : Span("[ ]", style: theme.taskUnchecked))
                marker.append(Span(" "))
                markerWidth += 4
            }
            let rendered = nested.item(
                item.blocks, marker: marker, markerWidth: markerWidth, width: width,
                tight: list.isTight)
            if (continuing || !lines.isEmpty) && !list.isTight { lines.append(.blank) }
            lines += rendered
        }
        return lines
    }

    /// The display width of the widest marker label of `list`: its bullet, or its largest number.
    func markerLabelWidth(for list: ListBlock) -> Int {
        markerLabelWidth(for: list.kind, count: list.items.count)
    }

    /// The width of the widest marker of a list of `kind` with `count` items.
    func markerLabelWidth(for kind: ListBlock.Kind, count: Int) -> Int {
        switch kind {
        case .bullet:
            return count == 0 ? 1 : DisplayWidth.of(Self.bullets[listDepth % Self.bullets.count])
        case .ordered(let start):
            // The numbers grow with the index (cmark reads a start of at most nine digits, so they never
            // wrap): the last is the widest.
            return count == 0 ? 1 : "\(start &+ (count - 1)).".utf8.count
        }
    }

    private func markerLabels(for list: ListBlock) -> [String] {
        switch list.kind {
        case .bullet:
            let bullet = Self.bullets[listDepth % Self.bullets.count]
            return Array(repeating: bullet, count: list.items.count)
        case .ordered(let start):
            return list.items.indices.map { "\(start &+ $0)." }
        }
    }
}

extension String {
    /// The string with spaces in front, to fill `width` display columns.
    func leftPadded(to width: Int) -> String {
        let missing = width - DisplayWidth.of(self)
        return missing > 0 ? String(repeating: " ", count: missing) + self : self
    }
}
