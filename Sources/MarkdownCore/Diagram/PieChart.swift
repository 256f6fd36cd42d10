/// A Mermaid pie chart as read from its source (`pie`, `title`, `showData`, `"label" : value` lines):
/// what `PieDrawing` draws as bars, and what the tests' read-back must give back.
public struct PieChart: Equatable, Sendable {
    /// One slice: its label and its value (not negative).
    public struct Slice: Equatable, Sendable {
        public var label: String
        public var value: Double
    }

    /// At most this many slices are drawn; a larger chart is shown as its source.
    public static let maximumSlices = 200

    public var title: String
    public var showsData: Bool
    public var slices: [Slice]

    public init(title: String = "", showsData: Bool = false, slices: [Slice] = []) {
        self.title = title
        self.showsData = showsData
        self.slices = slices
    }

    /// The sum of the values.
    public var total: Double { slices.reduce(0) { $0 + $1.value } }

    /// A slice's share of the total with one decimal, `40.0%`.
    public func percentage(_ slice: Slice) -> String {
        let tenths = total > 0 ? Int((slice.value / total * 1000).rounded()) : 0
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// A value as written: without a fraction when it is whole.
    public static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The chart `source` describes; its first statement is the header (`pie`, `pie showData`,
    /// `pie title Pets`).
    static func parse(_ source: String) throws(DiagramFailure) -> PieChart {
        let statements = MermaidText.statements(source, splitsAtSemicolons: false)
        guard let header = statements.first else { throw .empty }
        var chart = PieChart()
        var headerRest = MermaidText.trimmed(header.text.dropFirst("pie".count))
        if headerRest.hasPrefix("showData") {
            chart.showsData = true
            headerRest = MermaidText.trimmed(headerRest.dropFirst("showData".count))
        }
        if headerRest.hasPrefix("title") { chart.title = MermaidText.label(headerRest.dropFirst("title".count)) }
        for statement in statements.dropFirst() {
            let text = statement.text
            if text == "showData" {
                chart.showsData = true
            } else if text.hasPrefix("title ") {
                chart.title = MermaidText.label(text.dropFirst("title ".count))
            } else if text.hasPrefix("accTitle") || text.hasPrefix("accDescr") {
                continue
            } else {
                chart.slices.append(try slice(text, line: statement.line))
                guard chart.slices.count <= maximumSlices else { throw .tooLarge("more than \(maximumSlices) slices") }
            }
        }
        guard !chart.slices.isEmpty else { throw .empty }
        guard chart.total > 0 else { throw .unsupported("a pie whose values add up to zero") }
        return chart
    }

    private static func slice(_ text: Substring, line: Int) throws(DiagramFailure) -> Slice {
        guard text.first == "\"", let close = text.dropFirst().firstIndex(of: "\""),
            let colon = text[close...].firstIndex(of: ":")
        else { throw .syntax(line: line, reason: "expected \"label\" : value") }
        let label = MermaidText.label(text[text.index(after: text.startIndex)..<close])
        guard let value = Double(MermaidText.trimmed(text[text.index(after: colon)...])), value.isFinite, value >= 0,
            value < 1e15
        else { throw .syntax(line: line, reason: "a slice's value must be a number from 0 to 10¹⁵") }
        return Slice(label: label, value: value)
    }
}
