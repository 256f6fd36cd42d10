/// An accent over a base (`\hat`, `\vec`, …): the combining character a one-letter base takes, and what
/// is drawn on the row above a wider one.
struct MathAccent: Equatable, Sendable {
    var combining: Unicode.Scalar
    /// The character drawn above a wider base, centred; `stretch` repeats it over the whole base.
    var above: String
    var stretch: Bool
    /// The name used in the linear form of a wider base: `hat(xy)`.
    var name: String

    static func named(_ command: String) -> MathAccent? {
        switch command {
        case "hat": MathAccent(combining: "\u{302}", above: "^", stretch: false, name: "hat")
        case "widehat": MathAccent(combining: "\u{302}", above: "^", stretch: false, name: "hat")
        case "check": MathAccent(combining: "\u{30C}", above: "ˇ", stretch: false, name: "check")
        case "tilde": MathAccent(combining: "\u{303}", above: "~", stretch: false, name: "tilde")
        case "widetilde": MathAccent(combining: "\u{303}", above: "~", stretch: true, name: "tilde")
        case "bar": MathAccent(combining: "\u{304}", above: "─", stretch: true, name: "bar")
        case "vec": MathAccent(combining: "\u{20D7}", above: "→", stretch: false, name: "vec")
        case "overrightarrow": MathAccent(combining: "\u{20D7}", above: "→", stretch: false, name: "vec")
        case "overleftarrow": MathAccent(combining: "\u{20D6}", above: "←", stretch: false, name: "overleftarrow")
        case "dot": MathAccent(combining: "\u{307}", above: "˙", stretch: false, name: "dot")
        case "ddot": MathAccent(combining: "\u{308}", above: "¨", stretch: false, name: "ddot")
        case "breve": MathAccent(combining: "\u{306}", above: "˘", stretch: false, name: "breve")
        case "acute": MathAccent(combining: "\u{301}", above: "´", stretch: false, name: "acute")
        case "grave": MathAccent(combining: "\u{300}", above: "`", stretch: false, name: "grave")
        case "mathring": MathAccent(combining: "\u{30A}", above: "˚", stretch: false, name: "ring")
        default: nil
        }
    }
}
