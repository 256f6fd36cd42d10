import Foundation
import MarkdownCore

/// Writes `mdview: <what>: <why>` messages to standard error; notes only with `--verbose`.
struct Diagnostics: Sendable {
    let verbose: Bool

    func error(_ error: any Error) {
        Self.printError(String(describing: error))
    }

    /// A note about a fallback (plain code block, alt text instead of an image): shown with `--verbose`.
    func note(_ message: String) {
        guard verbose else { return }
        Self.printError(message)
    }

    static func printError(_ message: String) {
        let line = "mdview: " + ControlCharacterSanitizer.sanitizeForMessage(message) + "\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}

extension ControlCharacterSanitizer {
    /// A message for standard error: sanitised, and on one line.
    static func sanitizeForMessage(_ text: String) -> String {
        sanitize(text).replacingOccurrences(of: "\n", with: "␊").replacingOccurrences(of: "\t", with: " ")
    }
}
