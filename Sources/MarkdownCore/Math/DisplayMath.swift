/// How a display formula (`$$…$$`, `\[…\]`, a math fence) is shown at a given width: the best form that
/// fits, from the 2-D picture down to the TeX source.
public enum DisplayMath: Equatable, Sendable {
    /// The 2-D layout, possibly broken into several lines (their rows stacked, without blank rows).
    case picture(MathPicture)
    /// The linear (one-row) form, wrapped into rows no wider than the width, for a formula whose picture
    /// cannot fit (a wide matrix). Rows are not padded.
    case linear([[MathPiece]])
    /// Show the TeX source (as a code block labelled math); a nil failure means the formula parsed but is
    /// too wide for any form.
    case source(MathFailure?)
}
