import CMathSyntax

/// Display formulas followed line by line, for `SectionLineScanner`: a formula opened by `$$`, `\[` or
/// `\begin{environment}` at the start of a line takes every line up to its closer or a blank line whole,
/// so a fence or an HTML tag inside it opens nothing, and no section may be cut inside it.
///
/// The math extension answers (`mdview_math_line_opens`, `mdview_math_line_continues`) with the very
/// rules it parses with, so the scanner and the parse never disagree on where a formula ends.
enum DisplayMathLines {
    /// A formula still open after the lines read: its kind, and for an environment how many `\begin{`
    /// are still open.
    struct Open: Equatable {
        fileprivate var block: mdview_math_open_block

        static func == (lhs: Open, rhs: Open) -> Bool {
            lhs.block.kind == rhs.block.kind && lhs.block.depth == rhs.block.depth
        }
    }

    /// The formula `content` (a line without its indentation, at most three spaces) opens and leaves
    /// open; nil when it opens none, or one it closes on the same line.
    static func opened(by content: Substring) -> Open? {
        var block = mdview_math_open_block()
        var content = content
        let opens = content.withUTF8 { mdview_math_line_opens($0.baseAddress, $0.count, &block) != 0 }
        return opens ? Open(block: block) : nil
    }

    /// The formula after one more line of it (not blank: a blank line ends it); nil once it closed.
    static func after(_ open: Open, line: Substring) -> Open? {
        var block = open.block
        var line = line
        let continues = line.withUTF8 { mdview_math_line_continues(&block, $0.baseAddress, $0.count) != 0 }
        return continues ? Open(block: block) : nil
    }
}
