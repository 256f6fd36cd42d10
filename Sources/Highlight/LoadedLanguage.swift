/// A language ready to highlight: its grammar, where it came from, and its compiled query.
final class LoadedLanguage: @unchecked Sendable {
    let descriptor: LanguageDescriptor
    let grammar: GrammarLibrary
    let query: HighlightQuery
    let queryPath: String
    let layout: GrammarSearchPath.Entry.Layout

    init(
        descriptor: LanguageDescriptor, grammar: GrammarLibrary, query: HighlightQuery, queryPath: String,
        layout: GrammarSearchPath.Entry.Layout
    ) {
        self.descriptor = descriptor
        self.grammar = grammar
        self.query = query
        self.queryPath = queryPath
        self.layout = layout
    }
}
