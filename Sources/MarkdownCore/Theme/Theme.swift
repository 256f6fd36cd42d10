/// The look of every construct, as plain data: layout reads styles from here and nothing else.
///
/// The built-in themes (`dark`, `light`, `ansi`) are JSON files compiled into mdview (`Themes/`);
/// users load their own with `ThemeLoader`. Colours degrade in the writer for smaller colour depths.
public struct Theme: Equatable, Sendable {
    /// The kind of background a theme is made for: transparent image pixels are laid on it.
    public enum Background: String, Codable, Sendable {
        case dark, light
    }

    public var background = Background.dark
    /// Styles for heading levels 1…6 (index 0 is level 1).
    public var headings: [Style]
    public var emphasis: Style
    public var strong: Style
    public var strikethrough: Style
    public var inlineCode: Style
    public var link: Style
    /// The URL shown after a link's text when hyperlinks are off.
    public var linkURL: Style
    public var imagePlaceholder: Style
    public var quoteBar: Style
    public var listMarker: Style
    public var taskChecked: Style
    public var taskUnchecked: Style
    public var codeBlock: Style
    public var codeFrame: Style
    public var codeLabel: Style
    public var tableBorder: Style
    public var tableHeader: Style
    public var thematicBreak: Style
    public var html: Style
    public var frontMatter: Style
    public var footnoteReference: Style
    public var footnoteHeading: Style
    /// A character made visible because it was a control character in the document.
    public var controlPicture: Style
    /// The colour of each GitHub alert kind (its bar, icon and title), in `Alert.Kind` order
    /// (theme files: `alertNote`, `alertTip`, `alertImportant`, `alertWarning`, `alertCaution`).
    public var alerts: [Style] = Array(repeating: .plain, count: Alert.Kind.allCases.count)
    /// `<kbd>`: a key cap.
    public var keyboard: Style = .plain
    /// `<mark>`: highlighted text.
    public var highlight: Style = .plain
    /// Badges shown as text (`label │ message`): the label part.
    public var badgeLabel: Style = .plain
    /// Typeset math: letters (italic, as TeX sets variables), digits, operators and relations (upright),
    /// function names (`sin`, `log`) and unknown commands, `\text{…}`, and the strokes that build
    /// fractions, radicals and grown delimiters (dimmed). Theme files: `mathVariable`, `mathNumber`,
    /// `mathSymbol`, `mathFunction`, `mathText`, `mathStructure`.
    public var mathVariable: Style = .plain
    public var mathNumber: Style = .plain
    public var mathSymbol: Style = .plain
    public var mathFunction: Style = .plain
    public var mathText: Style = .plain
    public var mathStructure: Style = .plain
    /// Drawn Mermaid diagrams: node frames, the text in nodes, edges and lifelines, edge and message
    /// labels, subgraph and block frames with notes. Theme files: `diagramBorder`, `diagramText`,
    /// `diagramEdge`, `diagramLabel`, `diagramFrame`.
    public var diagramBorder: Style = .plain
    public var diagramText: Style = .plain
    public var diagramEdge: Style = .plain
    public var diagramLabel: Style = .plain
    public var diagramFrame: Style = .plain
    /// Syntax-highlighting styles keyed by capture name (`keyword`, `function.builtin`, …).
    public var syntax: [String: Style]

    /// The style for a tree-sitter capture name, by the most specific key the theme has:
    /// `function.method.builtin` uses `function.method.builtin`, else `function.method`, else `function`.
    public func syntaxStyle(forCapture capture: String) -> Style? {
        var name = Substring(capture)
        while true {
            if let style = syntax[String(name)] { return style }
            guard let dot = name.lastIndex(of: ".") else { return nil }
            name = name[..<dot]
        }
    }

    public func alert(_ kind: Alert.Kind) -> Style {
        let index = Alert.Kind.allCases.firstIndex(of: kind) ?? 0
        return alerts.indices.contains(index) ? alerts[index] : quoteBar
    }

    public func heading(level: Int) -> Style {
        headings[min(max(level, 1), headings.count) - 1]
    }
}
