/// A flowchart node's shape, and the characters that draw it: each shape has its own corners or sides,
/// so a reader (or the tests' read-back) tells them apart without colour.
public enum NodeShape: String, Equatable, Sendable, CaseIterable {
    /// `[text]`
    case rectangle
    /// `(text)`
    case round
    /// `([text])`
    case stadium
    /// `[[text]]`
    case subroutine
    /// `[(text)]`
    case database
    /// `((text))`
    case circle
    /// `{text}`
    case diamond
    /// `{{text}}`
    case hexagon
    /// `>text]`
    case flag
    /// `[/text/]`
    case parallelogram
    /// `[\text\]`
    case parallelogramAlt
    /// `[/text\]`
    case trapezoid
    /// `[\text/]`
    case trapezoidAlt
    /// A state diagram's note: a dashed box (no flowchart syntax makes one).
    case note

    /// The frame's characters: corners (top-left, top-right, bottom-left, bottom-right), the top and
    /// bottom line, and the left and right sides beside the text.
    public struct Glyphs: Equatable, Sendable {
        public var corners: (Character, Character, Character, Character)
        public var horizontal: Character
        public var left: Character
        public var right: Character

        public static func == (lhs: Glyphs, rhs: Glyphs) -> Bool {
            lhs.corners == rhs.corners && lhs.horizontal == rhs.horizontal && lhs.left == rhs.left
                && lhs.right == rhs.right
        }
    }

    public var glyphs: Glyphs {
        let square: (Character, Character, Character, Character) = ("┌", "┐", "└", "┘")
        let rounded: (Character, Character, Character, Character) = ("╭", "╮", "╰", "╯")
        let slanted: (Character, Character, Character, Character) = ("╱", "╲", "╲", "╱")
        switch self {
        case .rectangle: return Glyphs(corners: square, horizontal: "─", left: "│", right: "│")
        case .round: return Glyphs(corners: rounded, horizontal: "─", left: "│", right: "│")
        case .stadium: return Glyphs(corners: rounded, horizontal: "─", left: "(", right: ")")
        case .circle: return Glyphs(corners: rounded, horizontal: "─", left: "○", right: "○")
        case .subroutine: return Glyphs(corners: ("╓", "╖", "╙", "╜"), horizontal: "─", left: "║", right: "║")
        case .database: return Glyphs(corners: ("╒", "╕", "╘", "╛"), horizontal: "═", left: "│", right: "│")
        case .diamond: return Glyphs(corners: slanted, horizontal: "─", left: "◇", right: "◇")
        case .hexagon: return Glyphs(corners: slanted, horizontal: "─", left: "<", right: ">")
        case .flag: return Glyphs(corners: square, horizontal: "─", left: ">", right: "│")
        case .parallelogram: return Glyphs(corners: square, horizontal: "─", left: "/", right: "/")
        case .parallelogramAlt: return Glyphs(corners: square, horizontal: "─", left: "\\", right: "\\")
        case .trapezoid: return Glyphs(corners: square, horizontal: "─", left: "/", right: "\\")
        case .trapezoidAlt: return Glyphs(corners: square, horizontal: "─", left: "\\", right: "/")
        case .note: return Glyphs(corners: square, horizontal: "┄", left: "┆", right: "┆")
        }
    }

    /// The shape whose frame uses these characters.
    public static func shape(for glyphs: Glyphs) -> NodeShape? {
        allCases.first { $0.glyphs == glyphs }
    }
}
