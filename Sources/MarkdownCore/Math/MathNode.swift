/// The parsed formula: what the 2-D layout and the linear form are both made from.
///
/// Only the cases that hold a node directly, and grids (large), are `indirect` (boxed on the heap): atoms,
/// the most common node by far, and rows (whose arrays are on the heap already) are stored inline, so a
/// formula costs one allocation per structure, not one per letter.
enum MathNode: Equatable, Sendable {
    case atom(MathAtom)
    /// A braced group or any list of nodes; an ordinary atom to its neighbours.
    case row([MathNode])
    /// `\frac` (with a rule) and `\binom` (without; the parentheses are a `delimited` around it).
    indirect case fraction(MathNode, MathNode, rule: Bool)
    indirect case radical(MathNode, index: MathNode?)
    indirect case scripts(base: MathNode, sup: MathNode?, sub: MathNode?)
    /// Limits above and below a base: a big operator's limits in display, `\overset`, `\underset`.
    indirect case limits(base: MathNode, over: MathNode?, under: MathNode?)
    /// `\left…\right`: delimiters grown to the content; an empty string is `\left.`.
    indirect case delimited(left: String, MathNode, right: String)
    /// `\big(` and friends: a delimiter at least `minimumRows` tall, grown to its neighbours' height.
    case bigDelimiter(String, minimumRows: Int, MathClass)
    indirect case grid(MathGrid)
    indirect case accent(MathNode, MathAccent)
    indirect case overline(MathNode)
    indirect case underline(MathNode)
    /// `\overbrace` (over: true) and `\underbrace` with their label.
    indirect case brace(MathNode, label: MathNode?, over: Bool)
    indirect case boxed(MathNode)
    /// Blank columns (`\quad` is 2).
    case space(Int)
    /// `\phantom`: the content's size, blank.
    indirect case phantom(MathNode)
    /// `\substack`: lines centred one under another.
    case stack([MathNode])

    /// The node a one-node group stands for (`{x}` is `x`).
    var unwrapped: MathNode {
        var node = self
        while case .row(let nodes) = node, nodes.count == 1 { node = nodes[0] }
        return node
    }

    /// The class the node has for spacing against its neighbours.
    var mathClass: MathClass {
        switch self {
        case .atom(let atom): atom.mathClass
        case .scripts(let base, _, _): base.mathClass
        case .limits(let base, _, _): base.mathClass
        case .bigDelimiter(_, _, let mathClass): mathClass
        case .accent(let base, _): base.mathClass
        case .delimited: .inner
        case .row(let nodes) where nodes.count == 1:
            switch nodes[0].mathClass {
            case .operator: .operator
            case .function: .function
            default: .ordinary
            }
        default: .ordinary
        }
    }
}
