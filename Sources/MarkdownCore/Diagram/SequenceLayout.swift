/// Where a sequence diagram's parts go across the page: labels wrapped, lifeline columns spaced so that
/// every message's text fits between its two lifelines and every note and self-message beside its
/// lifeline, and each frame's left and right sides around what it holds, clear of every lifeline.
///
/// Columns are found from constraints on the gaps between neighbouring lifelines: boxes side by side,
/// then each label's need spread over the gaps it spans, shortest spans first.
struct SequenceLayout {
    /// A horizontal extent: first and last column.
    struct Extent: Equatable {
        var left: Int
        var right: Int
    }

    let diagram: SequenceDiagram
    /// Each participant's name, as lines.
    let names: [[String]]
    let boxWidths: [Int]
    /// Each event's text as lines: a message's or a note's text wrapped, a frame's title on one line.
    private(set) var texts: [[String]]
    /// The title's lines, drawn from column 0 above the boxes.
    let titleLines: [String]
    /// Each lifeline's column.
    private(set) var lifelines: [Int]
    /// The extent of each note and frame (frames by the index of their start, sections and ends too).
    private(set) var extents: [Int: Extent] = [:]
    /// The columns the drawing needs.
    private(set) var width = 0

    /// Space kept between a self-message's loop and its text.
    static let selfLoopWidth = 3

    init(_ diagram: SequenceDiagram, wrap: Int, titleWidth: Int) {
        self.diagram = diagram
        names = diagram.participants.map { LabelWrapper.lines($0.label, width: wrap) }
        boxWidths = names.map { lines in (lines.map { DisplayWidth.of($0) }.max() ?? 0) + 4 }
        texts = diagram.events.map { event in
            switch event {
            case .message(let message): return message.text.isEmpty ? [] : LabelWrapper.lines(message.text, width: wrap)
            case .note(_, let text): return LabelWrapper.lines(text, width: wrap)
            case .frameStart(let kind, let title): return [Self.title(kind.rawValue, title, width: titleWidth)]
            case .frameSection(let keyword, let title): return [Self.title(keyword, title, width: titleWidth)]
            case .frameEnd: return []
            }
        }
        titleLines = diagram.title.isEmpty ? [] : LabelWrapper.lines(diagram.title, width: titleWidth)
        lifelines = []
        lifelines = positions()
        widenMessageTexts(wrap: wrap)
        placeExtents()
    }

    /// A frame's heading, `loop [every minute]`, cut with `…` to `width` columns.
    static func title(_ keyword: String, _ title: String, width: Int) -> String {
        let flat = title.replacing("\n", with: " ")
        let full = flat.isEmpty ? keyword : "\(keyword) [\(flat)]"
        guard DisplayWidth.of(full) > width else { return full }
        var cut = ""
        for character in full {
            if DisplayWidth.of(cut) + DisplayWidth.of(character) + 1 > max(1, width) { break }
            cut.append(character)
        }
        return cut + "…"
    }

    private func textWidth(_ event: Int) -> Int { texts[event].map { DisplayWidth.of($0) }.max() ?? 0 }

    /// The columns a self-message takes right of its lifeline.
    func selfWidth(_ event: Int) -> Int {
        texts[event].isEmpty ? Self.selfLoopWidth : Self.selfLoopWidth + 2 + textWidth(event)
    }

    /// Lifeline columns from the gap constraints, the first at column 0 (shifted later).
    private func positions() -> [Int] {
        let count = diagram.participants.count
        var gaps: [Int] = []
        for index in 0..<max(0, count - 1) {
            let leftHalf: Int = boxWidths[index] - boxWidths[index] / 2
            gaps.append(leftHalf + boxWidths[index + 1] / 2 + 1)
        }
        var spans: [(first: Int, last: Int, need: Int)] = []
        for (index, event) in diagram.events.enumerated() {
            switch event {
            case .message(let message) where message.from == message.to:
                if message.from < count - 1 { spans.append((message.from, message.from + 1, selfWidth(index) + 2)) }
            case .message(let message):
                spans.append((min(message.from, message.to), max(message.from, message.to), textWidth(index) + 3))
            case .note(let placement, _):
                let noteWidth = textWidth(index) + 4
                switch placement {
                case .rightOf(let lifeline) where lifeline < count - 1:
                    spans.append((lifeline, lifeline + 1, noteWidth + 3))
                case .leftOf(let lifeline) where lifeline > 0: spans.append((lifeline - 1, lifeline, noteWidth + 3))
                case .over(let first, let last) where first == last:
                    if first > 0 { spans.append((first - 1, first, noteWidth / 2 + 2)) }
                    if first < count - 1 { spans.append((first, first + 1, noteWidth - noteWidth / 2 + 1)) }
                case .over(let first, let last): spans.append((first, last, noteWidth - 5))
                default: break
                }
            default: break
            }
        }
        for span in spans.sorted(by: { $0.last - $0.first < $1.last - $1.first }) where span.last > span.first {
            let have = gaps[span.first..<span.last].reduce(0, +)
            guard have < span.need else { continue }
            let deficit = span.need - have
            let count = span.last - span.first
            for (offset, gap) in (span.first..<span.last).enumerated() {
                gaps[gap] += deficit / count + (offset >= count - deficit % count ? 1 : 0)
            }
        }
        var columns = [0]
        for gap in gaps { columns.append((columns.last ?? 0) + gap) }
        return Array(columns.prefix(count))
    }

    /// A message's text rewrapped to the room its lifelines leave, when that is more than `wrap`: fewer
    /// rows, the same columns.
    private mutating func widenMessageTexts(wrap: Int) {
        for (index, event) in diagram.events.enumerated() {
            guard case .message(let message) = event, message.from != message.to, texts[index].count > 1 else {
                continue
            }
            let room = abs(lifelines[message.to] - lifelines[message.from]) - 3
            if room > wrap { texts[index] = LabelWrapper.lines(message.text, width: room) }
        }
    }

    /// Notes and frames placed, then everything shifted so that the leftmost column is 0.
    private mutating func placeExtents() {
        var contents: [Extent?] = [nil]
        var openStarts: [Int] = []
        var sectionStarts: [[Int]] = []
        func include(_ extent: Extent) {
            guard let current = contents[contents.count - 1] else {
                contents[contents.count - 1] = extent
                return
            }
            contents[contents.count - 1] = Extent(
                left: min(current.left, extent.left), right: max(current.right, extent.right))
        }
        for (index, event) in diagram.events.enumerated() {
            switch event {
            case .message(let message):
                let (a, b) = (lifelines[message.from], lifelines[message.to])
                include(
                    message.from == message.to
                        ? Extent(left: a, right: a + selfWidth(index)) : .init(left: min(a, b), right: max(a, b)))
            case .note(let placement, _):
                let extent = noteExtent(placement, width: textWidth(index) + 4)
                extents[index] = extent
                include(extent)
            case .frameStart:
                contents.append(nil)
                openStarts.append(index)
                sectionStarts.append([])
            case .frameSection: sectionStarts[sectionStarts.count - 1].append(index)
            case .frameEnd:
                guard let start = openStarts.popLast(), let sections = sectionStarts.popLast() else { continue }
                let inner = contents.removeLast() ?? Extent(left: lifelines[0], right: lifelines[lifelines.count - 1])
                let headings = ([start] + sections).map { textWidth($0) + 4 }.max() ?? 0
                let extent = frameExtent(inner, heading: headings)
                for member in [start, index] + sections { extents[member] = extent }
                include(extent)
            }
        }
        let boxes = diagram.participants.indices.map { index in
            Extent(
                left: lifelines[index] - boxWidths[index] / 2,
                right: lifelines[index] - boxWidths[index] / 2 + boxWidths[index] - 1)
        }
        let all = boxes + Array(extents.values) + (contents[0].map { [$0] } ?? [])
        let shift = -(all.map(\.left).min() ?? 0)
        lifelines = lifelines.map { $0 + shift }
        extents = extents.mapValues { Extent(left: $0.left + shift, right: $0.right + shift) }
        width = max((all.map(\.right).max() ?? 0) + shift + 1, titleLines.map { DisplayWidth.of($0) }.max() ?? 0)
    }

    private func noteExtent(_ placement: SequenceDiagram.NotePlacement, width: Int) -> Extent {
        switch placement {
        case .rightOf(let lifeline):
            return Extent(left: lifelines[lifeline] + 2, right: lifelines[lifeline] + 1 + width)
        case .leftOf(let lifeline): return Extent(left: lifelines[lifeline] - 1 - width, right: lifelines[lifeline] - 2)
        case .over(let first, let last) where first == last:
            return Extent(left: lifelines[first] - width / 2, right: lifelines[first] - width / 2 + width - 1)
        case .over(let first, let last):
            let natural = Extent(left: lifelines[first] - 2, right: lifelines[last] + 2)
            let extra = max(0, width - (natural.right - natural.left + 1))
            return Extent(left: natural.left - extra / 2, right: natural.right + extra - extra / 2)
        }
    }

    /// A frame two columns outside what it holds, wide enough for its headings, its sides at least two
    /// columns from any lifeline.
    private func frameExtent(_ inner: Extent, heading: Int) -> Extent {
        var extent = Extent(left: inner.left - 2, right: max(inner.right + 2, inner.left - 2 + heading))
        var moved = true
        while moved {
            moved = false
            for column in lifelines {
                if abs(column - extent.left) <= 1 {
                    extent.left = column - 2
                    moved = true
                }
                if abs(column - extent.right) <= 1 {
                    extent.right = column + 2
                    moved = true
                }
            }
        }
        return extent
    }
}
