/// How images reach the terminal.
public enum ImageOutput: String, Sendable, CaseIterable {
    /// The kitty graphics protocol (kitty, Ghostty, WezTerm, Konsole).
    case kitty
    /// iTerm2's inline images (iTerm2, WezTerm).
    case iterm
    /// DEC sixel graphics.
    case sixel
    /// Unicode half-blocks with colours.
    case halfBlocks = "blocks"
    /// No pictures: alt-text placeholders only.
    case none
}
