/// A language ready to highlight: its grammar, where it came from, and its query (or why the query
/// cannot be used). Reading a query takes well under a millisecond, so it happens as the language loads.
final class LoadedLanguage: Sendable {
    let descriptor: LanguageDescriptor
    let grammar: GrammarLibrary
    let queryPath: String
    let layout: GrammarSearchPath.Entry.Layout
    let query: Result<HighlightQuery, HighlightError>

    /// Reads `querySource` for the grammar.
    convenience init(
        descriptor: LanguageDescriptor, grammar: GrammarLibrary, querySource: [UInt8], queryPath: String,
        layout: GrammarSearchPath.Entry.Layout
    ) {
        let query = Result { () throws(HighlightError) in
            try HighlightQuery(source: querySource, language: grammar.language, path: queryPath)
        }
        self.init(descriptor: descriptor, grammar: grammar, query: query, queryPath: queryPath, layout: layout)
    }

    /// With a query read already (tests).
    init(
        descriptor: LanguageDescriptor, grammar: GrammarLibrary, query: Result<HighlightQuery, HighlightError>,
        queryPath: String, layout: GrammarSearchPath.Entry.Layout
    ) {
        self.descriptor = descriptor
        self.grammar = grammar
        self.queryPath = queryPath
        self.layout = layout
        self.query = query
    }
}
