/// Complete top-level blocks that cannot be final yet: the first shows a reference (`[^note]`,
/// `[text][label]`) whose definition may still arrive (`ReferenceScan`), and every block after it
/// waits behind it, since final lines are returned in order.
///
/// They leave the stream's source once complete, so that the unfinished tail after them is parsed and
/// laid out alone, and their provisional lines are laid out once. They are parsed again, behind the
/// prelude as it was before the first of them, only when a region that may define something joins them,
/// and with the rest of the input at its end. Kept in the source instead, an answer that cites a footnote
/// in its first paragraph and defines it at its end was parsed and laid out whole at every update:
/// quadratic in its length.
struct HeldBlocks {
    /// Their source text, from the first held block's first line to the end of the last one, ending with
    /// a line ending.
    var text: String
    /// The blocks as parsed, for laying them out again at another width.
    var blocks: [Block]
    /// Their provisional lines.
    var lines: [StyledLine]
    /// The prelude the first of them is parsed behind: the definitions and footnote numbers of the final
    /// text before them.
    var prelude: DefinitionPrelude

    /// The blocks that joined them (parsed from `text`) appended, with their lines.
    mutating func append(_ text: Substring, blocks: [Block], lines: [StyledLine]) {
        self.text += text
        self.blocks += blocks
        if !self.lines.isEmpty && !lines.isEmpty { self.lines.append(.blank) }
        self.lines += lines
    }
}
