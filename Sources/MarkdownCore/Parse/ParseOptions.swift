/// How the parse stage reads the parts of GitHub's Markdown that go beyond CommonMark.
public struct ParseOptions: Equatable, Sendable {
    /// What happens to HTML in a document (`--html`).
    public enum HTMLMode: String, CaseIterable, Equatable, Sendable {
        /// The HTML GitHub allows in Markdown is interpreted as the Markdown it stands for.
        case render
        /// HTML is shown verbatim, dimmed.
        case raw
        /// Tags are dropped, their text kept.
        case strip
    }

    public var html: HTMLMode
    /// Whether `:rocket:` becomes 🚀 (`--no-emoji` turns it off).
    public var emojiShortcodes: Bool

    public init(html: HTMLMode = .render, emojiShortcodes: Bool = true) {
        self.html = html
        self.emojiShortcodes = emojiShortcodes
    }
}
