/// Why a diagram is shown as its source instead of being drawn: every case is a fallback that keeps the
/// source readable, reported with `--verbose`.
public enum DiagramFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The first line names a diagram type mdview does not draw (`gantt`, `gitGraph`, …).
    case unsupportedType(String)
    /// A line the parser could not read, by its number in the fence (from 1).
    case syntax(line: Int, reason: String)
    /// Syntax mdview reads but does not draw (`a self-loop`, `nested frames in a note`).
    case unsupported(String)
    /// More nodes, edges or messages than the drawing bounds allow.
    case tooLarge(String)
    /// The drawing needs this many more columns than the width gives, even top-down.
    case tooWide(columns: Int)
    /// The fence holds no diagram.
    case empty

    public var description: String {
        switch self {
        case .unsupportedType(let type): return "'\(type)' diagrams are not drawn"
        case .syntax(let line, let reason): return "line \(line): \(reason)"
        case .unsupported(let what): return "\(what) is not drawn"
        case .tooLarge(let what): return "too large to draw (\(what))"
        case .tooWide(let columns): return "\(columns) columns too wide"
        case .empty: return "no diagram in the fence"
        }
    }

    /// The dim note under a diagram shown as its source.
    public var note: String {
        switch self {
        case .tooWide(let columns): return "mermaid: \(columns) columns too wide; shown as source"
        case .unsupportedType(let type): return "mermaid: '\(type)' not drawn; shown as source"
        case .empty: return "mermaid: empty; shown as source"
        case .syntax(let line, _): return "mermaid: not understood at line \(line); shown as source"
        case .unsupported, .tooLarge: return "mermaid: \(description); shown as source"
        }
    }
}
