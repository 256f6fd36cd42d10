import FoundationEssentials
import Glibc
import MarkdownCore
import Synchronization

/// The command's `DiagnosticSink`: writes `mdview: <what>: <why>` to standard error. Errors always;
/// the library's diagnostics (fallbacks such as a plain code block or an image's alt text) only with
/// `--verbose`, each distinct one once.
final class Diagnostics: DiagnosticSink {
    let verbose: Bool
    private let printed = Mutex(Set<Diagnostic>())

    init(verbose: Bool) {
        self.verbose = verbose
    }

    func error(_ error: any Error) {
        Self.printError(String(describing: error))
    }

    func emit(_ diagnostic: Diagnostic) {
        guard verbose, printed.withLock({ $0.insert(diagnostic).inserted }) else { return }
        Self.printError(diagnostic.description)
    }

    static func printError(_ message: String) {
        writeToStandardError("mdview: " + ControlCharacterSanitizer.sanitizeForMessage(message) + "\n")
    }

    static func writeToStandardError(_ text: String) {
        _ = try? OutputStream.standardError.write(Array(text.utf8))
    }
}

extension ControlCharacterSanitizer {
    /// A message for standard error: sanitised, and on one line.
    static func sanitizeForMessage(_ text: String) -> String {
        String(sanitize(text).map { $0 == "\n" ? "␊" : $0 == "\t" ? " " : $0 })
    }
}
