import CTreeSitter
import MarkdownCore

/// What `GrowingParse` keeps from one provisional highlight to the next, and how a highlight starts
/// from it.
extension GrowingParse {
    /// A tree and the code it was parsed from, with the tokens found. `@unchecked` because a `TSTree`
    /// pointer is not `Sendable`: the entry is only touched under `last`'s lock or after it was taken
    /// out of it (then by one caller alone), and trees handed out are copies (`ts_tree_copy`, whose
    /// reference count is atomic) owned by the caller. A class, so that handing it between the steps
    /// of a highlight does not copy (and release) each of its fields.
    final class Entry: @unchecked Sendable {
        var language: String
        /// The code the tree and tokens cover: the code last asked for, or all of it before its last line
        /// (see `Candidate`). A copy of its own, extended in place (see `KeptCode`).
        var code: KeptCode
        /// The length of the code last asked for.
        var shownCount: Int
        /// The part of `code` the tree covers (see `ParsedRegion`).
        var region: ParsedRegion
        /// The row and byte column at the end of `code`, in the region's text.
        var end: TSPoint
        var tree: OpaquePointer
        var tokens: [SyntaxToken]
        /// The parser, kept for the next parse (creating one costs more than a line's reparse).
        var parser: OpaquePointer
        /// The brackets open at the end of the region's text.
        var brackets: OpenBrackets
        /// The closers appended to the region's text in `tree` (see `OpenBrackets`), or none.
        var closedBy: [UInt8]
        /// Texts with closers that did not parse without errors lately.
        var refusals: Refusals

        init(
            language: String, code: KeptCode, shownCount: Int, region: ParsedRegion, end: TSPoint,
            tree: OpaquePointer, tokens: [SyntaxToken], parser: OpaquePointer, brackets: OpenBrackets,
            closedBy: [UInt8], refusals: Refusals
        ) {
            self.language = language
            self.code = code
            self.shownCount = shownCount
            self.region = region
            self.end = end
            self.tree = tree
            self.tokens = tokens
            self.parser = parser
            self.brackets = brackets
            self.closedBy = closedBy
            self.refusals = refusals
        }
    }

    /// What a highlight starts from: the kept entry, when the new code extends its code.
    struct Start {
        let entry: Entry
        /// The kept tree edited to the new code's length (and closers), for the parser.
        let edited: OpaquePointer
    }

    /// A copy of `entry`'s tree edited to `candidate`'s text, which ends at `point` (the entry's code and
    /// the candidate's text are both prefixes of the same code).
    static func edited(entry: Entry, to candidate: Candidate, at point: TSPoint) -> OpaquePointer {
        let edited = ts_tree_copy(entry.tree)!
        let keptCount = entry.code.count - entry.region.removedCount
        var edit = TSInputEdit(
            start_byte: UInt32(min(keptCount, candidate.count)), old_end_byte: UInt32(keptCount + entry.closedBy.count),
            new_end_byte: UInt32(candidate.count + candidate.closers.count),
            start_point: keptCount <= candidate.count ? entry.end : point,
            old_end_point: Self.point(entry.end, after: entry.closedBy),
            new_end_point: Self.point(point, after: candidate.closers))
        ts_tree_edit(edited, &edit)
        return edited
    }
}
