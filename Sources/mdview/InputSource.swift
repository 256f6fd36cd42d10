import FoundationEssentials
import Glibc
import MarkdownCore

/// One document to render: its text (valid UTF-8), a name for messages and the directory its relative
/// links resolve against. The read stage of the pipeline, for the command.
struct InputSource {
    let displayName: String
    let text: String
    let baseDirectory: URL

    /// Reads a file, standard input for `-` (through `standardInput`, read once), or an http(s) URL
    /// through `remote`. Invalid UTF-8 becomes U+FFFD; directories, other URL schemes and documents
    /// larger than `limit` are refused (a URL's cap is `remote`'s).
    static func read(
        _ argument: String, remote: RemoteDocumentLoader, standardInput: StandardInput = StandardInput(),
        limit: DocumentSizeLimit = .standard
    ) throws(InputError) -> InputSource {
        var path = argument
        switch RemoteDocumentLoader.kind(of: argument) {
        case .remote(let url):
            let bytes = try remote.fetch(url)
            return InputSource(
                displayName: argument, text: decode(bytes), baseDirectory: url.deletingLastPathComponent())
        case .unsupported(let scheme):
            throw .unsupportedScheme(argument, scheme: scheme)
        case .file(let local):
            path = local
        case nil:
            break
        }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        do {
            if path == "-" {
                let bytes = try standardInput.readAll(limit: limit.bytes)
                return InputSource(displayName: "standard input", text: decode(bytes), baseDirectory: cwd)
            }
            let bytes = try FileReader.read(path: path, limit: limit.bytes)
            let directory = URL(fileURLWithPath: path, relativeTo: cwd).deletingLastPathComponent()
            return InputSource(displayName: path, text: decode(bytes), baseDirectory: directory.standardizedFileURL)
        } catch {
            if case .tooLarge = error, path != "-" { throw .tooLarge(path, size: fileSize(path), limit: limit.bytes) }
            throw InputError(error)
        }
    }

    /// The size of the file at `path`, when it says (a regular file).
    private static func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Decodes UTF-8, replacing invalid sequences with U+FFFD and dropping a byte-order mark.
    static func decode(_ bytes: [UInt8]) -> String {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return String(decoding: body, as: UTF8.self)
    }
}
