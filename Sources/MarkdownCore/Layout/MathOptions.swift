/// How layout shows math: typeset (`--math render`) or as written (`--math source`), and where it
/// reports a formula it could not typeset.
public struct MathOptions: Sendable {
    /// What `--math` chooses.
    public typealias Mode = PresentationMode

    public var mode: Mode
    /// Told about each formula shown as its source because it could not be typeset (`--verbose`).
    public var diagnostics: (any DiagnosticSink)?

    public init(mode: Mode = .render, diagnostics: (any DiagnosticSink)? = nil) {
        self.mode = mode
        self.diagnostics = diagnostics
    }

    /// Reports that `source` is shown as written, and why.
    func report(_ source: String, _ failure: MathFailure) {
        diagnostics?.emit(.mathShownAsSource(formula: source, reason: failure.description))
    }
}
