import FoundationEssentials

/// Everything layout needs besides the document: width, look, and the optional resource stages.
public struct LayoutOptions: Sendable {
    /// The width in display columns; no produced line is wider.
    public var width: Int
    public var theme: Theme
    /// Whether link text carries an OSC 8 target instead of the URL being printed after it.
    public var hyperlinks: Bool
    /// Colours code blocks; nil renders every block plain.
    public var highlighter: (any SyntaxHighlighter)?
    /// Turns images into cells or graphics; nil shows every image as its alt-text placeholder.
    public var images: (any ImageRendering)?
    /// The directory relative links resolve against (the document's directory; stdin: the current one).
    public var baseDirectory: URL?
    /// Show emphasis, strong, strikethrough and inline code with their Markdown markers (`*a*`, `**b**`,
    /// `~~c~~`, `` `d` ``): what keeps them distinct when there is no colour to do it.
    public var inlineMarkers: Bool

    public init(
        width: Int, theme: Theme = .dark, hyperlinks: Bool = false,
        highlighter: (any SyntaxHighlighter)? = nil, images: (any ImageRendering)? = nil,
        baseDirectory: URL? = nil, inlineMarkers: Bool = false
    ) {
        self.width = max(1, width)
        self.theme = theme
        self.hyperlinks = hyperlinks
        self.highlighter = highlighter
        self.images = images
        self.baseDirectory = baseDirectory
        self.inlineMarkers = inlineMarkers
    }
}
