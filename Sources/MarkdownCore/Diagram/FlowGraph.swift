/// A flowchart or state diagram as read from its Mermaid source: what layout draws, and what the tests'
/// read-back of a drawing must give back.
public struct FlowGraph: Equatable, Sendable {
    /// Which way ranks run.
    public enum Direction: String, Equatable, Sendable {
        case topDown = "TD"
        case bottomUp = "BT"
        case leftRight = "LR"
        case rightLeft = "RL"

        /// Whether ranks run across the page.
        public var isHorizontal: Bool { self == .leftRight || self == .rightLeft }

        /// The direction a Mermaid `direction` statement or header names (`TD`, `TB`, `BT`, `LR`,
        /// `RL`, in any case), or a syntax error on `line` naming what was written.
        static func named(_ value: some StringProtocol, line: Int) throws(DiagramFailure) -> Direction {
            switch value.uppercased() {
            case "TB", "TD": return .topDown
            case "BT": return .bottomUp
            case "LR": return .leftRight
            case "RL": return .rightLeft
            default: throw .syntax(line: line, reason: "unknown direction '\(value)'")
            }
        }
    }

    /// A node: its identifier, the label it shows and its shape.
    public struct Node: Equatable, Sendable {
        public var id: String
        public var label: String
        public var shape: NodeShape
        /// Rows under the label, each group after a rule across the box, left-aligned: a class's
        /// attributes and methods, an entity's attribute table. Empty for a flowchart node.
        public var compartments: [[String]]

        public init(id: String, label: String, shape: NodeShape = .rectangle, compartments: [[String]] = []) {
            self.id = id
            self.label = label
            self.shape = shape
            self.compartments = compartments
        }
    }

    /// How an edge's line is drawn.
    public enum LineStyle: Equatable, Sendable, CaseIterable {
        /// `---`, `-->`: a thin line.
        case solid
        /// `-.-`, `-.->`: a dashed line.
        case dotted
        /// `===`, `==>`: a heavy line.
        case thick
    }

    /// What an edge's end looks like where it meets a node.
    public enum EndMarker: Equatable, Sendable, CaseIterable {
        case none, arrow, circle, cross
        /// A class diagram's inheritance or realisation head (`△`, pointing at the node).
        case triangle
        /// A class diagram's composition (`◆`) and aggregation (`◇`) ends.
        case filledDiamond, hollowDiamond
        /// An entity-relationship diagram's cardinalities, drawn as crow's-foot glyphs in the two cells
        /// next to the entity: the most next to it (a bar `╪`/`╫` for one, a foot `∧` `∨` `<` `>` opening
        /// toward it for many), the fewest beyond (`○` for zero, a bar for one).
        case exactlyOne, zeroOrOne, oneOrMore, zeroOrMore

        /// The cells the marker takes on its line next to the node: two for a cardinality.
        var cells: Int {
            switch self {
            case .none: return 0
            case .exactlyOne, .zeroOrOne, .oneOrMore, .zeroOrMore: return 2
            default: return 1
            }
        }
    }

    /// A connection between two nodes, by their indices in `nodes`.
    public struct Edge: Equatable, Sendable {
        public var from: Int
        public var to: Int
        public var label: String
        public var style: LineStyle
        /// The marker at `from` (`<-->` has an arrow at both ends).
        public var startMarker: EndMarker
        /// The marker at `to`.
        public var endMarker: EndMarker
        /// The subgraph whose frame the edge leaves (`SG --> B`), by index; `from` then names a node
        /// inside it, by which the edge is ranked.
        public var fromSubgraph: Int?
        /// The subgraph whose frame the edge ends at (`A --> SG`); `to` then names a node inside it.
        public var toSubgraph: Int?

        public init(
            from: Int, to: Int, label: String = "", style: LineStyle = .solid, startMarker: EndMarker = .none,
            endMarker: EndMarker = .arrow, fromSubgraph: Int? = nil, toSubgraph: Int? = nil
        ) {
            self.from = from
            self.to = to
            self.label = label
            self.style = style
            self.startMarker = startMarker
            self.endMarker = endMarker
            self.fromSubgraph = fromSubgraph
            self.toSubgraph = toSubgraph
        }
    }

    /// A titled group of nodes, drawn as a frame around them.
    public struct Subgraph: Equatable, Sendable {
        public var id: String
        public var title: String
        /// The nodes directly inside (not those of nested subgraphs), by index.
        public var nodes: [Int]
        /// The subgraph this one is nested in, by index in `subgraphs`.
        public var parent: Int?

        public init(id: String, title: String, nodes: [Int] = [], parent: Int? = nil) {
            self.id = id
            self.title = title
            self.nodes = nodes
            self.parent = parent
        }
    }

    /// A state diagram's note: a node drawn beside the node it is about, in the same rank.
    public struct Note: Equatable, Sendable {
        /// The note's own node (shape `.note`) and the node it is about, by index.
        public var node: Int
        public var target: Int
        /// Whether it stands before the target across the rank (left top-down), or after it.
        public var before: Bool

        public init(node: Int, target: Int, before: Bool) {
            self.node = node
            self.target = target
            self.before = before
        }
    }

    public var direction: Direction
    public var nodes: [Node]
    public var edges: [Edge]
    public var subgraphs: [Subgraph]
    public var notes: [Note] = []

    /// The nodes inside a subgraph, nested ones included, by index.
    public func members(of subgraph: Int) -> [Int] {
        var members: [Int] = []
        var pending = [subgraph]
        while let current = pending.popLast(), members.count <= nodes.count {
            members += subgraphs[current].nodes
            pending += subgraphs.indices.filter { subgraphs[$0].parent == current }
        }
        return members.sorted()
    }

    public init(direction: Direction = .topDown, nodes: [Node] = [], edges: [Edge] = [], subgraphs: [Subgraph] = []) {
        self.direction = direction
        self.nodes = nodes
        self.edges = edges
        self.subgraphs = subgraphs
    }
}
