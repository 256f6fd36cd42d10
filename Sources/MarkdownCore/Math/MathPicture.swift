/// A display formula laid out in two dimensions on the character grid.
///
/// Every row is padded with spaces of role `.symbol` to exactly `width` display columns (measured with
/// `DisplayWidth`), so rows can be drawn one under the other without measuring them again. `baseline` is
/// the index of the row the formula's axis sits on: the row of a fraction's rule, of the main operators.
public struct MathPicture: Equatable, Sendable {
    public var rows: [[MathPiece]]
    public var width: Int
    public var baseline: Int

    public init(rows: [[MathPiece]], width: Int, baseline: Int) {
        self.rows = rows
        self.width = width
        self.baseline = baseline
    }
}
