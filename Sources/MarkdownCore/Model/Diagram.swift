/// A closed ```` ```mermaid ```` fence: a diagram's source, which layout draws (`--diagrams render`) or
/// shows as the code block it was written as (`--diagrams source`, or whenever it cannot be drawn).
///
/// Only a closed fence becomes one: while a fence is still open (streaming) it is a code block, so a
/// diagram is drawn once, when all of it has arrived.
public struct DiagramBlock: Equatable, Sendable {
    /// The fence's whole info string (`mermaid`, `mermaid title="x"`).
    public var info: String
    /// The diagram's text, without the final newline.
    public var source: String

    public init(info: String, source: String) {
        self.info = info
        self.source = source
    }

    /// The fence as the code block it was written as.
    public var codeBlock: CodeBlock { CodeBlock(info: info, code: source, isFenced: true) }
}
