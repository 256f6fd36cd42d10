import Foundation
import MarkdownCore
import Testing

@testable import mdview

/// The live region's redraws replayed into a model of a terminal (`ScreenModel`), over random updates
/// of final lines and a provisional tail that grows, gains rows above its last one (a table's next row
/// above its border), changes a row further back and shrinks, on screens of several heights with the
/// region starting at any row: after every redraw the screen shows the final lines and then the tail's
/// newest rows, and nothing provisional has reached the scroll-back.
@Suite struct LiveRegionModelTests {
    /// A terminal of `rows` × `columns` cells as far as the region's bytes go: printable ASCII, CR and LF
    /// (a line feed also returns the carriage, as a pseudo-terminal's output processing makes it), cursor
    /// movement, save and restore, erases, rows and cells inserted and deleted. Renditions are ignored.
    struct ScreenModel {
        let rows: Int
        let columns: Int
        var cells: [[Character]]
        var history: [String] = []
        var row = 0
        var column = 0
        var saved = (row: 0, column: 0)

        init(rows: Int, columns: Int) {
            self.rows = rows
            self.columns = columns
            cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        }

        var blankRow: [Character] { Array(repeating: " ", count: columns) }

        func text(_ row: [Character]) -> String {
            String(row).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }

        /// The scroll-back, then the screen, its blank rows at the end left out.
        var lines: [String] {
            var all = history + cells.map(text)
            while all.last == "" { all.removeLast() }
            return all
        }

        mutating func lineFeed() {
            column = 0
            if row == rows - 1 {
                history.append(text(cells.removeFirst()))
                cells.append(blankRow)
            } else {
                row += 1
            }
        }

        mutating func feed(_ bytes: [UInt8]) {
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case 0x0A: lineFeed()
                case 0x0D: column = 0
                case 0x1B where bytes[index] == UInt8(ascii: "7"):
                    saved = (row, column)
                    index += 1
                case 0x1B where bytes[index] == UInt8(ascii: "8"):
                    (row, column) = saved
                    index += 1
                case 0x1B:
                    index += 1  // "["
                    var parameters = ""
                    while !(0x40...0x7E).contains(bytes[index]) {
                        parameters.append(Character(UnicodeScalar(bytes[index])))
                        index += 1
                    }
                    control(Character(UnicodeScalar(bytes[index])), parameters)
                    index += 1
                default:
                    // Printable ASCII; rows never reach the last column in these tests.
                    cells[row][column] = Character(UnicodeScalar(byte))
                    column = min(columns - 1, column + 1)
                }
            }
        }

        mutating func control(_ final: Character, _ parameters: String) {
            let count = Int(parameters) ?? 1
            switch final {
            case "A": row = max(0, row - count)
            case "B": row = min(rows - 1, row + count)
            case "C": column = min(columns - 1, column + count)
            case "D": column = max(0, column - count)
            case "H": (row, column) = (0, 0)
            case "K" where parameters == "2": cells[row] = blankRow
            case "K": cells[row].replaceSubrange(column..., with: repeatElement(" ", count: columns - column))
            case "L":
                cells.insert(contentsOf: repeatElement(blankRow, count: count), at: row)
                cells.removeLast(count)
                column = 0
            case "M":
                cells.removeSubrange(row..<min(rows, row + count))
                cells += repeatElement(blankRow, count: rows - cells.count)
                column = 0
            case "@":
                cells[row].insert(contentsOf: repeatElement(" ", count: count), at: column)
                cells[row].removeLast(count)
            case "P":
                cells[row].removeSubrange(column..<min(columns, column + count))
                cells[row] += repeatElement(" ", count: columns - cells[row].count)
            default: break  // renditions, the cursor shown or hidden, synchronized output
            }
        }
    }

    /// Words of a few letters, a row of them at most `columns - 2` wide.
    static func row(_ random: inout some RandomNumberGenerator, columns: Int) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            let word = String(
                (0..<Int.random(in: 1...5, using: &random)).map { _ in "abcdefgh".randomElement(using: &random)! })
            guard text.count + word.count + 1 < columns - 2 else { break }
            text += text.isEmpty ? word : " " + word
        }
        return text
    }

    /// Random updates to a tail: what a stream's provisional lines do between two redraws.
    static func evolve(_ tail: [String], _ random: inout some RandomNumberGenerator, columns: Int) -> [String] {
        var tail = tail
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4 where !tail.isEmpty:
            // A token at the end of the last row, or a new row.
            let last = tail[tail.count - 1]
            let token = " " + Self.row(&random, columns: 8)
            if last.count + token.count < columns - 2 { tail[tail.count - 1] += token } else { tail.append("x") }
        case 4 where tail.count >= 2:
            // A row in above the last one (a table's next row above its border).
            tail.insert(Self.row(&random, columns: columns), at: tail.count - 1)
        case 5 where !tail.isEmpty:
            // A row further back changes, and the last grows.
            let index = Int.random(in: 0..<tail.count, using: &random)
            tail[index] = Self.row(&random, columns: columns)
            if tail[tail.count - 1].count < columns - 6 { tail[tail.count - 1] += " zz" }
        case 6 where !tail.isEmpty:
            // A line shown below that the next update takes back.
            tail.removeLast(Int.random(in: 1...min(2, tail.count), using: &random))
        default:
            tail.append(Self.row(&random, columns: columns))
        }
        return tail
    }

    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 2_862_933_555_777_941_757 &+ 3_037_000_493
            return state ^ (state >> 29)
        }
    }

    static func lines(_ texts: [String]) -> [StyledLine] {
        var accent = Style.plain
        accent.foreground = .ansi(2)
        // Some rows end in a colour, so that redraws leave it set and restore it with the cursor.
        return texts.map { text in
            text.hasSuffix("a")
                ? StyledLine([Span(String(text.dropLast())), Span("a", style: accent)]) : StyledLine([Span(text)])
        }
    }

    @Test(arguments: 0..<100)
    func redrawsShowTheFinalLinesThenTheTailAndWriteNothingProvisionalForGood(seed: UInt64) throws {
        var random = Generator(state: seed &+ 0x5EED)
        let (rows, columns) = (Int.random(in: 4...14, using: &random), Int.random(in: 24...60, using: &random))
        var screen = ScreenModel(rows: rows, columns: columns)
        // Output before the region: the region starts on whatever row it left the cursor on.
        var written = (0..<Int.random(in: 0...(rows + 3), using: &random)).map { "before \($0)" }
        for line in written { screen.feed(Array(line.utf8) + [0x0A]) }

        // In memory: an `OutputStream` would ignore SIGPIPE for the whole test process and the commands
        // other tests run from it.
        let output = OutputBuffer()
        var region = LiveRegion(output: output, rows: rows, columns: columns)
        let bytes: ([StyledLine]) -> [UInt8] = { lines in
            var out: [UInt8] = []
            TerminalWriter(colorDepth: .ansi16, hyperlinks: false).write(lines, into: &out)
            return out
        }
        var offset = 0
        var tail: [String] = []
        for step in 0..<80 {
            var final: [String] = []
            if Int.random(in: 0..<6, using: &random) == 0, !tail.isEmpty {
                // The tail's first rows become final.
                let count = Int.random(in: 1...tail.count, using: &random)
                final = Array(tail.prefix(count))
                tail.removeFirst(count)
            }
            tail = Self.evolve(tail, &random, columns: columns)
            try region.show(final: Self.lines(final), provisional: Self.lines(tail), bytes: bytes)
            let chunk = output.bytes[offset...]
            offset = output.bytes.count
            screen.feed(Array(chunk))
            // As a terminal shows them: spaces at the end of a row show nothing.
            let shown = { (row: String) in row.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
            }
            written += final.map(shown)
            let expected = written + tail.suffix(region.capacity).map(shown)
            // Rows a tail that shrank left below the region are blank, and left out.
            #expect(screen.lines == expected, "seed \(seed), step \(step), \(rows) rows")
            #expect(
                Array(written.prefix(screen.history.count)) == screen.history,
                "seed \(seed), step \(step): the scroll-back holds a row that was not final")
            if screen.lines != expected { break }
        }
    }
}
