import Testing

@testable import MarkdownCore

@Test func syntaxStyleFallsBackToTheLongestKnownPrefix() {
    var theme = Theme.dark
    theme.syntax = ["function": Style(bold: true), "function.builtin": Style(italic: true)]
    #expect(theme.syntaxStyle(forCapture: "function.method.builtin") == Style(bold: true))
    #expect(theme.syntaxStyle(forCapture: "function.builtin") == Style(italic: true))
    #expect(theme.syntaxStyle(forCapture: "variable") == nil)
}
