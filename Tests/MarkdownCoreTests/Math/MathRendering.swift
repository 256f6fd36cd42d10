@testable import MarkdownCore

/// Renders typeset math as plain text for the specification tests: a picture's rows joined with newlines
/// and their padding trimmed, the linear form's rows likewise, inline pieces joined.
enum MathRendering {
    static let typesetter = MathTypesetter()

    static func text(_ row: [MathPiece]) -> String {
        var text = row.map(\.text).joined()
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    /// The picture at `width` as text, or a description of why there is none.
    static func display(_ tex: String, width: Int = 80) -> String {
        switch typesetter.display(tex, width: width) {
        case .picture(let picture): return picture.rows.map(text).joined(separator: "\n")
        case .linear(let rows): return "linear:\n" + rows.map(text).joined(separator: "\n")
        case .source(let failure): return "source: \(failure.map(\.description) ?? "too wide")"
        }
    }

    /// The inline form as text, spaces shown as they are (U+00A0 included).
    static func inline(_ tex: String) -> String {
        switch typesetter.inline(tex) {
        case .pieces(let pieces): return pieces.map(\.text).joined()
        case .source(let failure): return "source: \(failure.description)"
        }
    }

    /// The inline form with U+00A0 shown as a plain space, for readable expectations.
    static func inlinePlain(_ tex: String) -> String {
        String(inline(tex).map { $0 == "\u{A0}" ? " " : $0 })
    }
}
