/// What `mdview --list-languages` shows about one language.
public struct LanguageStatus: Sendable, Equatable {
    public var id: String
    public var aliases: [String]
    /// The grammar library used, nil when none loaded.
    public var grammarPath: String?
    public var queryPath: String?
    /// The package the grammar came from (`package==version`, written beside the query by the
    /// installer), "built-in" for mdview's own highlighters, nil when unknown (another tool's grammar).
    public var source: String?
    public var abi: UInt32?
    public var patternsKept: Int?
    public var patternsTotal: Int?
    /// The first line of each pattern the query dropped, with its line number in the query file.
    public var droppedPatterns: [String] = []
    /// Why the language cannot be highlighted, nil when it can.
    public var problem: String?

    package init(id: String, aliases: [String], source: String? = nil) {
        (self.id, self.aliases, self.source) = (id, aliases, source)
    }
}
