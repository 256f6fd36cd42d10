/// One run of math text on one row, with the role that decides its style: the unit both the 2-D picture
/// and the linear form are made of.
public struct MathPiece: Equatable, Sendable {
    public var text: String
    public var role: MathRole

    public init(text: String, role: MathRole) {
        self.text = text
        self.role = role
    }
}
