import FoundationEssentials

/// Everything layout needs besides the document and its resolved resources: width and look.
public struct LayoutOptions: Sendable {
    /// The width in display columns; no produced line is wider.
    public var width: Int
    public var theme: Theme
    /// Whether link text carries an OSC 8 target instead of the URL being printed after it.
    public var hyperlinks: Bool
    /// Whether images are shown as pictures (from the resolved resources) or alt-text placeholders,
    /// rather than HTML `<img>` tags being shown as the HTML they are.
    public var showsImages: Bool
    /// The directory relative links resolve against (the document's directory; stdin: the current one).
    public var baseDirectory: URL?
    /// Show emphasis, strong, strikethrough and inline code with their Markdown markers (`*a*`, `**b**`,
    /// `~~c~~`, `` `d` ``): what keeps them distinct when there is no colour to do it.
    public var inlineMarkers: Bool
    /// How formulas are shown.
    public var math: MathOptions
    /// How ```` ```mermaid ```` fences are shown.
    public var diagrams: DiagramOptions

    public init(
        width: Int, theme: Theme = .dark, hyperlinks: Bool = false,
        showsImages: Bool = false,
        baseDirectory: URL? = nil, inlineMarkers: Bool = false, math: MathOptions = MathOptions(),
        diagrams: DiagramOptions = DiagramOptions()
    ) {
        self.math = math
        self.diagrams = diagrams
        self.width = max(1, width)
        self.theme = theme
        self.hyperlinks = hyperlinks
        self.showsImages = showsImages
        self.baseDirectory = baseDirectory
        self.inlineMarkers = inlineMarkers
    }
}
