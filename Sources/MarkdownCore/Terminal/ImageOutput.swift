/// How images reach the terminal.
public enum ImageOutput: String, Sendable, CaseIterable {
    /// DEC sixel graphics.
    case sixel
    /// Unicode half-blocks with colours.
    case halfBlocks = "blocks"
    /// No pictures: alt-text placeholders only.
    case none
}
