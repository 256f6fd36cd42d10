/// The smallest typeset unit: text on one row with its role, its spacing class and its width in columns,
/// measured once when it is made.
struct MathAtom: Equatable, Sendable {
    var text: String
    var role: MathRole
    var mathClass: MathClass
    var width: Int
    /// A big operator or function whose scripts go above and below it in display (`\sum`, `\lim`).
    var limits = false

    init(_ text: String, _ role: MathRole, _ mathClass: MathClass = .ordinary) {
        self.init(text, role, mathClass, width: DisplayWidth.of(text))
    }

    /// An atom whose width was measured before.
    init(_ text: String, _ role: MathRole, _ mathClass: MathClass, width: Int) {
        self.text = text
        self.role = role
        self.mathClass = mathClass
        self.width = width
    }

    /// An atom whose width is known without measuring (printable ASCII: one column a byte).
    init(ascii text: String, _ role: MathRole, _ mathClass: MathClass = .ordinary) {
        self.init(text, role, mathClass, width: text.utf8.count)
    }
}
