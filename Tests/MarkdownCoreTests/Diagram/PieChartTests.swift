import Testing

@testable import MarkdownCore

@Suite struct PieChartTests {
    /// A drawn pie read back: its title, and each slice's label, bar length in eighths of a cell,
    /// percentage and shown value.
    struct Reading: Equatable {
        var title = ""
        var labels: [String] = []
        var bars: [Int] = []
        var percentages: [String] = []
        var values: [String] = []
    }

    static func read(_ lines: [String]) -> Reading {
        var reading = Reading()
        let slice = /^(.*?) +([█▏▎▍▌▋▊▉]*) (\d+\.\d%)(?: \(([^)]*)\))?$/
        for line in lines {
            if let match = line.wholeMatch(of: slice) {
                reading.labels.append(FlowchartReader.squeezed(String(match.1)))
                reading.bars.append(
                    match.2.reduce(0) { sum, block in
                        sum + (block == "█" ? 8 : (PieDrawing.eighths.firstIndex(of: block) ?? -1) + 1)
                    })
                reading.percentages.append(String(match.3))
                if let value = match.4 { reading.values.append(String(value)) }
            } else if reading.labels.isEmpty {
                reading.title += line
            } else {
                reading.labels[reading.labels.count - 1] += FlowchartReader.squeezed(line)
            }
        }
        return reading
    }

    /// Draws `source` at `width` and checks the drawing against the chart; returns whether it was drawn.
    @discardableResult
    static func check(_ source: String, width: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let chart = try? PieChart.parse(source) else {
            Issue.record("does not parse", sourceLocation: sourceLocation)
            return false
        }
        guard case .success(let picture) = MermaidDiagram.draw(source, width: width) else { return false }
        let drawing = "\n" + picture.lines.joined(separator: "\n")
        #expect(
            picture.lines.allSatisfy { DisplayWidth.of($0) <= width }, "too wide\(drawing)",
            sourceLocation: sourceLocation)
        let reading = read(picture.lines)
        #expect(
            FlowchartReader.squeezed(reading.title) == FlowchartReader.squeezed(chart.title), "title\(drawing)",
            sourceLocation: sourceLocation)
        #expect(
            reading.labels == chart.slices.map { FlowchartReader.squeezed($0.label) }, "labels\(drawing)",
            sourceLocation: sourceLocation)
        #expect(
            reading.percentages == chart.slices.map { chart.percentage($0) }, "percentages\(drawing)",
            sourceLocation: sourceLocation)
        #expect(
            reading.values == (chart.showsData ? chart.slices.map { PieChart.format($0.value) } : []),
            "values\(drawing)", sourceLocation: sourceLocation)
        // Bars are proportional: the largest fills the room, the others to an eighth of a cell.
        let largest = chart.slices.map(\.value).max() ?? 1
        let room = reading.bars.max() ?? 0
        for (bar, slice) in zip(reading.bars, chart.slices) {
            let expected = Double(room) * slice.value / largest
            #expect(abs(Double(bar) - expected) <= 1, "bar of \(slice.label)\(drawing)", sourceLocation: sourceLocation)
        }
        return true
    }

    static let corpus = [
        "pie title Pets adopted by volunteers\n  \"Dogs\" : 386\n  \"Cats\" : 85\n  \"Rats\" : 15",
        "pie showData\n  title Key elements in Product X\n  \"Calcium\" : 42.96\n  \"Potassium\" : 50.05\n  \"Magnesium\" : 10.01\n  \"Iron\" : 5",
        "pie\n  \"Rust\" : 40\n  \"Swift\" : 35\n  \"Go\" : 25\n  \"Nothing\" : 0",
        "pie title 浏览器份额 🌐\n  \"Chrome 浏览器\" : 65.4\n  \"Safari\" : 18.6\n  \"一只非常非常长名字的仓鼠 🐹 with a long English tail\" : 16",
        "pie showData\n  \"only\" : 1",
    ]

    @Test func theCorpusReadsBackAtEveryWidth() {
        for source in Self.corpus {
            for width in [40, 60, 80, 120, 200] { #expect(Self.check(source, width: width), "\(source)") }
        }
    }

    @Test func percentagesHaveOneDecimalAndAddUpFromTheValues() throws {
        let chart = try PieChart.parse("pie\n  \"a\" : 1\n  \"b\" : 2")
        #expect(chart.slices.map { chart.percentage($0) } == ["33.3%", "66.7%"])
        #expect(PieChart.format(42.96) == "42.96")
        #expect(PieChart.format(386) == "386")
    }

    @Test func badSlicesAndEmptyChartsFallBack() {
        for source in [
            "pie\n  Dogs : 3", "pie\n  \"Dogs\" : -3", "pie\n  \"Dogs\" : many", "pie title Nothing",
            "pie\n  \"a\" : 0",
        ] {
            guard case .failure = MermaidDiagram.draw(source, width: 80) else {
                Issue.record("drawn: \(source)")
                continue
            }
        }
        guard case .failure(.tooWide) = MermaidDiagram.draw(Self.corpus[1], width: 20) else {
            Issue.record("drawn at 20 columns")
            return
        }
    }
}
