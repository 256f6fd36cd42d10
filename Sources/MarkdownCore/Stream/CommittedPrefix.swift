import FoundationEssentials

/// The first lines of a stream's open top-level block that were already returned as final (its
/// settled part, `SettledPart`): what the stream checks and skips when the block grows and when it
/// ends, so that no line is returned twice and the concatenated final lines stay exact.
struct CommittedPrefix: Sendable {
    /// The part whose lines were returned.
    private(set) var part: SettledPart
    /// Its lines at the current width (after a width change, the lines it would have now).
    private(set) var lines: [StyledLine]
    /// How many of the provisional tail's lines it takes (fewer than `lines` when the final lines
    /// hold pictures that the provisional tail does not draw).
    private(set) var provisionalLineCount: Int

    /// The lines of `full` after the committed ones, or nil when `full` does not start with them (a
    /// settled part that was not settled after all: a bug the tests look for).
    func remainder(of full: [StyledLine]) -> [StyledLine]? {
        guard full.starts(with: lines) else { return nil }
        return Array(full.dropFirst(lines.count))
    }

    /// Moves on to a larger settled part whose lines are `newLines`; returns the lines not yet
    /// returned, or nil (changing nothing) when `newLines` does not start with the committed ones.
    mutating func extend(to part: SettledPart, lines newLines: [StyledLine], provisionalLineCount: Int)
        -> [StyledLine]?
    {
        guard let added = remainder(of: newLines) else { return nil }
        self.part = part
        self.lines = newLines
        self.provisionalLineCount = provisionalLineCount
        return added
    }

    /// Moves on to a larger settled part whose lines are the committed ones and then `added`.
    mutating func append(_ added: [StyledLine], for part: SettledPart, provisionalLineCount: Int) {
        self.part = part
        lines += added
        self.provisionalLineCount = provisionalLineCount
    }

    /// The same part laid out at a new width: what was written stays as it is, the rest of the block
    /// follows at the new width.
    mutating func relayout(lines newLines: [StyledLine], provisionalLineCount: Int) {
        lines = newLines
        self.provisionalLineCount = provisionalLineCount
    }
}
