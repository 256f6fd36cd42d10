import MarkdownCore

/// The text a token covers.
public func text(of token: SyntaxToken, in code: String) -> String {
    String(decoding: Array(code.utf8)[token.range], as: UTF8.self)
}
