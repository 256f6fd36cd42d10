import CCmarkGFM
import CMathSyntax

/// The lines cmark's top-level nodes start and end on, recorded as `CmarkTreeBuilder` walks the tree:
/// what a stream cuts its source at and what sections number their footnotes by. A node's line is
/// adjusted where cmark's position would mislead a cut: a paragraph a table interrupted, a block that
/// shares its first line with the block before it, a footnote definition written inside a block.
struct TopLevelLines {
    /// The start lines of the top-level nodes: blocks, and footnote definitions written at the top
    /// level (cmark-gfm moves a definition written inside a quote or list to the top level as well, but
    /// its line is inside that block, where no top-level block starts).
    private(set) var startLines: [Int] = []
    /// The first and last line of each top-level block other than a footnote definition, in order.
    private var blockSpans: [(start: Int, end: Int)] = []

    /// Adds `line`, the start line of the top-level `node` (`startLine(of:)`), unless it is a footnote
    /// definition written inside an earlier top-level block (the blocks come first, in order, so their
    /// last lines ascend).
    mutating func record(_ node: OpaquePointer, startingOn line: Int) {
        guard cmark_node_get_type(node) == CMARK_NODE_FOOTNOTE_DEFINITION else {
            startLines.append(line)
            // (A paragraph a table interrupted has no position: its span is kept ascending.)
            let end = max(Self.endLine(of: node), line, blockSpans.last?.end ?? 0)
            blockSpans.append((line, end))
            return
        }
        // The first block ending on or after the definition's line holds it when it starts before it.
        var low = 0
        var high = blockSpans.count
        while low < high {
            let middle = (low + high) / 2
            if blockSpans[middle].end < line { low = middle + 1 } else { high = middle }
        }
        let insideBlock = low < blockSpans.count && blockSpans[low].start < line
        if !insideBlock { startLines.append(line) }
    }

    /// The line the top-level `node` is taken to start on, on entering and on leaving it. A block that
    /// starts on the line where the one before it ends (text after a display formula's closing `$$`)
    /// takes that block's start: the two share a line, and a stream that cut between them would parse
    /// the line again from its start. (On leaving, the span last recorded is the block's own, which
    /// leaves its line as it was on entering.)
    func startLine(of node: OpaquePointer) -> Int {
        let line = Self.positionLine(of: node)
        guard cmark_node_get_type(node) != CMARK_NODE_FOOTNOTE_DEFINITION, let previous = blockSpans.last,
            previous.start < line, previous.end >= line
        else { return line }
        return previous.start
    }

    /// The line the top-level `node` ends on. cmark ends a display formula on the line before the one
    /// its closer is on when text follows the closer there; the formula's own lines count instead.
    private static func endLine(of node: OpaquePointer) -> Int {
        let end = Int(cmark_node_get_end_line(node))
        guard mdview_math_block_kind_of(node).rawValue != 0, mdview_math_block_is_closed(node) != 0 else {
            return end
        }
        var length = 0
        guard let source = mdview_math_block_source(node, &length) else { return end }
        let lineFeeds = UnsafeRawBufferPointer(start: source, count: length).reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        return max(end, Int(cmark_node_get_start_line(node)) + lineFeeds)
    }

    /// The line the top-level `node` starts on. cmark-gfm leaves no position (line 0) on the paragraph it keeps when a
    /// table interrupts it, and gives the table the position the paragraph started at: the paragraph
    /// takes its next sibling's line (streaming would otherwise lose it as "before the tail").
    private static func positionLine(of node: OpaquePointer) -> Int {
        var line = cmark_node_get_start_line(node)
        var sibling = node
        while line == 0, let next = cmark_node_next(sibling) {
            line = cmark_node_get_start_line(next)
            sibling = next
        }
        return Int(line)
    }
}
