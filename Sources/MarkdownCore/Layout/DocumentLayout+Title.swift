extension DocumentLayout {
    /// The line that introduces one of several files: `── name ──────` across the width in the level-1
    /// heading's colour, wrapped when the name is long (the rule then follows its last line).
    public func titleLines(for name: String) -> [StyledLine] {
        let width = options.width
        let label = "── " + ControlCharacterSanitizer.sanitize(name) + " "
        var lines = wrapped([Span(label, style: theme.heading(level: 1))], width: width)
        if let last = lines.indices.last {
            let used = lines[last].textWidth
            let rest = width - used - (used == 0 ? 0 : 1)
            if rest > 0 {
                lines[last].spans.append(
                    Span(" " + String(repeating: "─", count: rest), style: theme.thematicBreak))
            }
        }
        return lines
    }
}
