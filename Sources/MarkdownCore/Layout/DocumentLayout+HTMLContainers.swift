/// Block containers that only HTML can express: aligned blocks (`<p align="center">`), expanded
/// `<details>` and definition lists (`<dl>`).
extension DocumentLayout {
    /// The blocks laid out at the full width, each line then moved right to centre or right-align it.
    func alignedLines(_ alignment: BlockAlignment, _ blocks: [Block], width: Int) -> [StyledLine] {
        blockLines(blocks, width: width, tight: false).map { line in
            let used = line.textWidth + (line.graphic?.columns ?? 0)
            let free = width - used
            guard free > 1, line.spans.contains(where: { !$0.text.isEmpty }) || line.graphic != nil else {
                return line
            }
            var moved = line
            let shift = alignment == .center ? free / 2 : free
            moved.spans.insert(Span(String(repeating: " ", count: shift)), at: 0)
            return moved
        }
    }

    /// `<details>` shown open: `▼ summary` as a marked line, then the content indented under it.
    func detailsLines(summary: [Inline], _ blocks: [Block], width: Int) -> [StyledLine] {
        var marker = theme.listMarker
        marker.bold = true
        let shownSummary = summary.isEmpty ? [Inline.text("Details")] : summary
        var runs = [Span("▼ ", style: marker)]
        runs += inlineRuns.runs(shownSummary, base: theme.strong)
        var lines = wrapped(runs, width: width)
        let inner = blockLines(blocks, width: contentWidth(width, indent: 2), tight: false)
        guard !inner.isEmpty else { return lines }
        let pad = [Span("  ")]
        lines += canIndent(width, by: 2) ? indent(inner, first: pad, rest: pad) : inner
        return lines
    }

    /// Terms as strong lines, descriptions indented by four columns under them.
    func definitionListLines(_ entries: [DefinitionEntry], width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        for entry in entries {
            switch entry {
            case .term(let inlines):
                if !lines.isEmpty { lines.append(.blank) }
                lines += wrapped(inlineRuns.runs(inlines, base: theme.strong), width: width)
            case .description(let blocks):
                let inner = blockLines(blocks, width: contentWidth(width, indent: 4), tight: false)
                let pad = [Span("    ")]
                lines += canIndent(width, by: 4) ? indent(inner, first: pad, rest: pad) : inner
            }
        }
        return lines
    }
}
