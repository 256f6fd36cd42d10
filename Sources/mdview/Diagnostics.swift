import FoundationEssentials
import Glibc
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
        writeToStandardError("mdview: " + ControlCharacterSanitizer.sanitizeForMessage(message) + "\n")
    }

    static func writeToStandardError(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = Glibc.write(2, base + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

extension ControlCharacterSanitizer {
    /// A message for standard error: sanitised, and on one line.
    static func sanitizeForMessage(_ text: String) -> String {
        String(sanitize(text).map { $0 == "\n" ? "␊" : $0 == "\t" ? " " : $0 })
    }
}
