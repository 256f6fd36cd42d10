/// Draws the diagram a ```` ```mermaid ```` fence holds, or says why it cannot: the one entry point
/// layout calls. The first statement names the type; each type has its parser and its drawing.
public enum MermaidDiagram {
    /// The longest source drawn, in bytes; a longer one is shown as its source without being read.
    public static let maximumSourceBytes = 64 * 1024

    /// The drawing of `source` in at most `width` columns.
    public static func draw(_ source: String, width: Int) -> Result<DiagramPicture, DiagramFailure> {
        Result { () throws(DiagramFailure) -> DiagramPicture in try picture(source, width: width) }
    }

    static func picture(_ source: String, width: Int) throws(DiagramFailure) -> DiagramPicture {
        guard source.utf8.count <= maximumSourceBytes else { throw .tooLarge("more than 64 KB of source") }
        let picture: DiagramPicture
        switch type(of: source) {
        case "flowchart", "graph":
            picture = try FlowchartDrawing.draw(FlowchartParser.parse(source), width: width).picture
        case "stateDiagram-v2", "stateDiagram":
            picture = try FlowchartDrawing.draw(StateDiagramParser.parse(source), width: width).picture
        case "classDiagram", "classDiagram-v2":
            picture = try FlowchartDrawing.draw(ClassDiagramParser.parse(source), width: width).picture
        case "erDiagram":
            picture = try FlowchartDrawing.draw(EntityDiagramParser.parse(source), width: width).picture
        case "mindmap":
            picture = try MindmapDrawing.draw(Mindmap.parse(source), width: width)
        case "pie":
            picture = try PieDrawing.draw(PieChart.parse(source), width: width)
        case "sequenceDiagram":
            picture = try SequenceDrawing.draw(SequenceParser.parse(source), width: width)
        case nil: throw .empty
        case let other?: throw .unsupportedType(other)
        }
        guard picture.width <= width else { throw .tooWide(columns: picture.width - width) }
        return picture
    }

    /// The diagram type the first statement names (`flowchart`, `sequenceDiagram`), or nil for none.
    public static func type(of source: String) -> String? {
        guard let first = MermaidText.statements(source, splitsAtSemicolons: false).first else { return nil }
        return String(first.text.prefix { $0 != " " && $0 != "\t" })
    }
}
