/// Whether a construct that mdview draws itself (math, diagrams) is drawn or shown as the document wrote
/// it: what `--math` and `--diagrams` choose.
public enum PresentationMode: String, CaseIterable, Equatable, Sendable {
    /// Drawn: formulas typeset for the terminal, diagrams in box-drawing characters.
    case render
    /// Shown as written: formulas with their delimiters and TeX, diagrams as their code blocks.
    case source
}
