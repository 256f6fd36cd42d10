import Synchronization

/// Where the library's stages send their `Diagnostic`s. Called from any thread.
public protocol DiagnosticSink: Sendable {
    func emit(_ diagnostic: Diagnostic)
}

/// A sink that keeps every distinct diagnostic in the order first emitted: for tests, and for callers
/// that print findings after the output.
public final class DiagnosticCollector: DiagnosticSink {
    private let found = Mutex<[Diagnostic]>([])

    public init() {}

    public func emit(_ diagnostic: Diagnostic) {
        found.withLock { list in
            if !list.contains(diagnostic) { list.append(diagnostic) }
        }
    }

    /// The distinct diagnostics so far, in order.
    public var diagnostics: [Diagnostic] { found.withLock { $0 } }
}
