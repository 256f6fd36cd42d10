extension DocumentLayout {
    /// Bullets cycle by nesting depth so that levels are told apart without colour.
    static let bullets = ["•", "◦", "▪", "‣"]

    func listLines(_ list: ListBlock, width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        let labels = markerLabels(for: list)
        let labelWidth = labels.map { DisplayWidth.of($0) }.max() ?? 1
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
            if !lines.isEmpty && !list.isTight { lines.append(.blank) }
            lines += rendered
        }
        return lines
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
