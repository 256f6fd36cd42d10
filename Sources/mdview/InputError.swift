import FoundationEssentials
import Glibc
import MarkdownCore

/// Why an input could not be rendered; each message says what to fix.
enum InputError: Error, CustomStringConvertible {
    /// No file was named and standard input is a terminal, so there is nothing to read.
    case noInput
    /// The file could not be opened (missing, no permission, …).
    case cannotOpen(String, errno: Int32)
    /// The path names a directory, not a Markdown file.
    case isDirectory(String)
    /// Reading failed part-way (an I/O error).
    case cannotRead(String, errno: Int32)
    /// A document named by URL could not be fetched (HTTP error, time-out, too large, …).
    case remote(String, reason: String)
    /// A URL of a scheme mdview does not fetch documents over.
    case unsupportedScheme(String, scheme: String)
    /// The document is larger than `--max-size` allows: `size` bytes when known before reading (a
    /// file), nil when reading stopped at the limit (standard input, a URL).
    case tooLarge(String, size: Int?, limit: Int)

    /// The command's reading of a `FileReader` failure.
    init(_ error: FileReadError) {
        switch error {
        case .missing(let path): self = .cannotOpen(path, errno: ENOENT)
        case .cannotOpen(let path, let code): self = .cannotOpen(path, errno: code)
        case .isDirectory(let path): self = .isDirectory(path)
        case .tooLarge(let path, let limit): self = .tooLarge(path, size: nil, limit: limit)
        case .notRegularFile(let path), .wouldBlock(let path): self = .cannotRead(path, errno: EINVAL)
        case .readFailed(let path, let code): self = .cannotRead(path, errno: code)
        }
    }

    var description: String {
        switch self {
        case .noInput:
            return "no input: name a Markdown file, or pipe one in (see 'mdview --help')"
        case .cannotOpen(let path, let code), .cannotRead(let path, let code):
            return "\(ControlCharacterSanitizer.sanitizeForMessage(path)): \(String(cString: strerror(code)))"
        case .isDirectory(let path):
            return "\(ControlCharacterSanitizer.sanitizeForMessage(path)): is a directory"
        case .remote(let url, let reason):
            return "\(ControlCharacterSanitizer.sanitizeForMessage(url)): \(reason)"
        case .tooLarge(let name, let size, let limit):
            let larger = size.map { "\(DocumentSizeLimit.describe($0)) is more than" } ?? "more than"
            let raise = DocumentSizeLimit.suggestion(for: size ?? limit * 2)
            return
                "\(ControlCharacterSanitizer.sanitizeForMessage(name)): \(larger) the \(DocumentSizeLimit.describe(limit)) a document may have; --max-size raises it (--max-size \(raise))"
        case .unsupportedScheme(let url, let scheme):
            return
                "\(ControlCharacterSanitizer.sanitizeForMessage(url)): cannot fetch documents over \(scheme): (only http and https URLs, and files)"
        }
    }
}
