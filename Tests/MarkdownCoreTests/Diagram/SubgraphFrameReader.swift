@testable import MarkdownCore

/// Finds the subgraph frames of a drawn flowchart (double lines, `╔═╗║╚╝`, the title in the top line)
/// and takes them out of the drawing, leaving the lines that cross them, so that `FlowchartReader`
/// reads the rest as a chart without subgraphs.
struct SubgraphFrameReader {
    struct Frame: Equatable {
        var title: String
        var top: Int
        var left: Int
        var bottom: Int
        var right: Int
    }

    private(set) var frames: [Frame] = []
    private(set) var lines: [String] = []
    private(set) var problems: [String] = []

    init(_ drawing: [String]) {
        var grid = DrawingGrid(drawing).cells
        func at(_ row: Int, _ column: Int) -> Character? {
            row >= 0 && row < grid.count && column >= 0 && column < grid[row].count ? grid[row][column] : " "
        }
        for row in grid.indices {
            for column in grid[row].indices where grid[row][column] == "╔" {
                var right = column + 1
                while right < grid[row].count, at(row, right) != "╗" { right += 1 }
                var bottom = row + 1
                while bottom < grid.count, at(bottom, column) != "╚" { bottom += 1 }
                guard at(row, right) == "╗", at(bottom, column) == "╚", at(bottom, right) == "╝" else {
                    problems.append("a frame at \(row),\(column) is not closed")
                    continue
                }
                let top = (column + 1..<right).compactMap { at(row, $0) }.filter { $0 != "═" }
                let title = String(top.filter { DrawingGrid.sides($0) == nil && $0 != "╧" && $0 != "╤" })
                frames.append(Frame(title: title, top: row, left: column, bottom: bottom, right: right))
                // Frame characters and the title go; lines crossing the frame stay.
                for edgeRow in [row, bottom] {
                    for cell in column...right where DrawingGrid.sides(at(edgeRow, cell)) == nil {
                        grid[edgeRow][cell] = " "
                    }
                }
                for sideRow in (row + 1)..<bottom {
                    for cell in [column, right] where at(sideRow, cell) == "║" { grid[sideRow][cell] = " " }
                }
            }
        }
        lines = grid.map { String($0.compactMap { $0 }) }
    }
}
