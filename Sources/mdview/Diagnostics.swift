import FoundationEssentials
import Glibc
import MarkdownCore
import Synchronization

/// The command's `DiagnosticSink`: writes `mdview: <what>: <why>` to standard error. Errors always;
/// the library's diagnostics (fallbacks such as a plain code block or an image's alt text) only with
/// `--verbose`, each distinct one once.
final class Diagnostics: DiagnosticSink {
    let verbose: Bool
    /// Prints nothing at all: for rendering a second time what was already reported.
    let silent: Bool
    /// An array, not a Set: there are few, and a Set of a new element type costs start-up a scan of the
    /// runtime's protocol conformances (about 0.22 M instructions) even when nothing is ever inserted.
    private let printed = Mutex([Diagnostic]())

    init(verbose: Bool, silent: Bool = false) {
        self.verbose = verbose && !silent
        self.silent = silent
    }

    func error(_ error: any Error) {
        guard !silent else { return }
        Self.printError(String(describing: error))
    }

    func emit(_ diagnostic: Diagnostic) {
        guard verbose,
            printed.withLock({ printed in
                guard !printed.contains(diagnostic) else { return false }
                printed.append(diagnostic)
                return true
            })
        else { return }
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
