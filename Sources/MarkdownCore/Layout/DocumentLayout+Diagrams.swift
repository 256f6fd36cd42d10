extension DocumentLayout {
    /// A closed ```` ```mermaid ```` fence: drawn and indented by one column, or, when it cannot be drawn
    /// at this width (or `--diagrams source` asks for it), its source as a code block with a dim note.
    func diagramLines(_ diagram: DiagramBlock, width: Int) -> [StyledLine] {
        guard options.diagrams.mode == .render else { return codeBlockLines(diagram.codeBlock, width: width) }
        switch MermaidDiagram.draw(diagram.source, width: width) {
        case .success(let picture):
            return picture.rows.map { row in
                StyledLine(row.map { Span($0.text, style: theme.diagramStyle($0.role)) })
            }
        case .failure(let failure):
            options.diagrams.report(diagram.source, failure)
            let lines = codeBlockLines(diagram.codeBlock, width: width)
            let note = TextWrapper(width: width).wrap([Span(failure.note, style: Style(dim: true))])
            return lines + note.map { StyledLine($0) }
        }
    }
}

extension Theme {
    /// The style for a cell of a drawn diagram.
    func diagramStyle(_ role: DiagramRole) -> Style {
        switch role {
        case .blank: return .plain
        case .border: return diagramBorder
        case .text: return diagramText
        case .edge: return diagramEdge
        case .label: return diagramLabel
        case .frame: return diagramFrame
        }
    }
}
