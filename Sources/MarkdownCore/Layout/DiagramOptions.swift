/// How layout shows ```` ```mermaid ```` fences: drawn (`--diagrams render`) or as their source
/// (`--diagrams source`), and where it reports a diagram it could not draw.
public struct DiagramOptions: Sendable {
    /// What `--diagrams` chooses.
    public typealias Mode = PresentationMode

    public var mode: Mode
    /// Told about each diagram shown as its source because it could not be drawn (`--verbose`).
    public var diagnostics: (any DiagnosticSink)?

    public init(mode: Mode = .render, diagnostics: (any DiagnosticSink)? = nil) {
        self.mode = mode
        self.diagnostics = diagnostics
    }

    /// Reports that `source` is shown as written, and why.
    func report(_ source: String, _ failure: DiagramFailure) {
        diagnostics?.emit(.diagramShownAsSource(diagram: source, reason: failure.description))
    }
}
