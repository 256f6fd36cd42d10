/// A parsed formula: its body and its `\tag`, shown beside it.
struct MathFormula: Equatable, Sendable {
    var body: MathNode
    var tag: String?
}
