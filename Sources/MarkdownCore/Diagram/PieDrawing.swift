/// Draws a `PieChart` as labelled horizontal bars, which a terminal shows far more exactly than a
/// circle: the title, then one row per slice — its label, a bar of `█` (with an eighth-block end)
/// scaled so the largest slice fills the room, its percentage with one decimal and, with `showData`,
/// its value. Labels wrap onto further rows; a chart whose bars would have no room fails with `.tooWide`.
enum PieDrawing {
    /// The partial blocks for one to seven eighths of a cell.
    static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    /// The narrowest bar room accepted.
    static let minimumBar = 4

    static func draw(_ chart: PieChart, width: Int) throws(DiagramFailure) -> DiagramPicture {
        let suffixes = chart.slices.map { slice in
            chart.percentage(slice) + (chart.showsData ? " (\(PieChart.format(slice.value)))" : "")
        }
        let suffixWidth = suffixes.map { DisplayWidth.of($0) }.max() ?? 0
        let labelWidth = min(chart.slices.map { DisplayWidth.of($0.label) }.max() ?? 0, max(6, width / 3))
        let room = width - labelWidth - 2 - suffixWidth
        guard room >= minimumBar else { throw .tooWide(columns: minimumBar - room) }
        let largest = chart.slices.map(\.value).max() ?? 1
        var rows: [[DiagramPicture.Run]] = []
        if !chart.title.isEmpty {
            for line in LabelWrapper.lines(chart.title, width: width) { rows.append([.init(text: line, role: .frame)]) }
        }
        for (index, slice) in chart.slices.enumerated() {
            let labels = LabelWrapper.lines(slice.label, width: labelWidth)
            let bar = Self.bar(largest > 0 ? slice.value / largest : 0, room: room)
            for (line, label) in labels.enumerated() {
                var runs = [DiagramPicture.Run(text: label, role: .text)]
                guard line == 0 else {
                    rows.append(runs)
                    continue
                }
                let pad = labelWidth - DisplayWidth.of(label) + 1
                runs.append(.init(text: String(repeating: " ", count: pad), role: .blank))
                if !bar.isEmpty { runs.append(.init(text: bar, role: .border)) }
                runs.append(.init(text: " " + suffixes[index], role: .label))
                rows.append(runs)
            }
        }
        let drawn = rows.map { $0.reduce(0) { $0 + DisplayWidth.of($1.text) } }.max() ?? 0
        return DiagramPicture(rows: rows, width: drawn)
    }

    /// A bar `fraction` (0…1) of `room` cells long, to an eighth of a cell.
    static func bar(_ fraction: Double, room: Int) -> String {
        let total = Int((fraction * Double(room * 8)).rounded())
        var text = String(repeating: "█", count: total / 8)
        if total % 8 > 0 { text.append(eighths[total % 8 - 1]) }
        return text
    }
}
