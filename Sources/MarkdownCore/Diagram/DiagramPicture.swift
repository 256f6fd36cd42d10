/// What a cell of a drawn diagram is, so that layout can colour it from the theme's `diagram` styles.
public enum DiagramRole: UInt8, Equatable, Sendable {
    case blank
    /// A node's frame, a participant's box.
    case border
    /// The text inside a node or participant.
    case text
    /// An edge, a message arrow, a lifeline.
    case edge
    /// The text on an edge or message.
    case label
    /// A subgraph's or a sequence block's frame and its title, a note.
    case frame
}

/// A drawn diagram: rows of text runs, each with the role that colours it; no row wider than `width`.
public struct DiagramPicture: Equatable, Sendable {
    public struct Run: Equatable, Sendable {
        public var text: String
        public var role: DiagramRole
    }

    public var rows: [[Run]]
    public var width: Int

    /// The rows as plain text, without trailing blanks.
    public var lines: [String] { rows.map { $0.map(\.text).joined() } }
}
