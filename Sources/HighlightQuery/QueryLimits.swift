/// The bounds within which a highlight query is read, so that no query file, however written, can
/// take the process down: reading it ends in time and memory proportional to its size, and a size
/// past any real query's is refused outright.
///
/// The largest real queries (the grammars' own and the editors') hold about 1,000 patterns in under
/// 100 KB, nest under 20 levels deep, capture under 10 names per pattern and list under 600
/// alternatives in one alternation; each bound is far above that.
public enum QueryLimits {
    /// The largest query source read, in bytes; a larger one is refused (`QueryError.tooLarge`).
    public static let maximumBytes = 1 << 20
    /// The most top-level patterns read; a query with more is refused (`QueryError.tooManyPatterns`).
    public static let maximumPatterns = 20_000
    /// The deepest nesting of parentheses and brackets in a pattern, and of groups and classes in a
    /// `#match?` regex (`RegexShape.depth`); a deeper pattern is dropped.
    public static let maximumDepth = 64
    /// The most captures on one pattern (counting every element's); a pattern with more is dropped.
    public static let maximumCapturesPerPattern = 64
    /// The most distinct capture names in a query; a pattern that would add one more is dropped.
    public static let maximumCaptureNames = 1_024
    /// The most alternatives in one alternation, and the most children or predicates in one node; an
    /// element with more is dropped with its pattern.
    public static let maximumItems = 4_096
    /// The most nodes a `#match?` regex may expand to once its repetitions are copied out
    /// (`RegexShape.nodes`); a larger one is refused with its pattern. The installed
    /// queries' largest, a list of about 100 builtin names, expands to about 1,200.
    public static let maximumRegexNodes = 10_000
    /// The most nodes a `#match?` regex that repeats a repetition (`(a*)+`) may expand to. glibc's
    /// `regcomp` takes time growing with the square of the nodes when repetitions that can match nothing
    /// nest (twelve levels of `(…)+` round `()`, 4,096 nodes: ten seconds); no installed query nests a
    /// repetition at all, and the usual nested ones (`^(\w+::)*\w+$`) are under 20 nodes.
    public static let maximumNestedRepetitionNodes = 64
}
