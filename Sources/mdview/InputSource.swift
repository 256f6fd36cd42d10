import FoundationEssentials
import MarkdownCore

/// One document to render: its text (valid UTF-8), a name for messages and the directory its relative
/// links resolve against. The read stage of the pipeline, for the command.
struct InputSource {
    let displayName: String
    let text: String
    let baseDirectory: URL

    /// Reads a file, standard input for `-` (through `standardInput`, read once), or an http(s) URL
    /// through `remote`. Invalid UTF-8 becomes U+FFFD; directories and other URL schemes are refused.
    static func read(
        _ argument: String, remote: RemoteDocumentLoader, standardInput: StandardInput = StandardInput()
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
                let bytes = try standardInput.readAll()
                return InputSource(displayName: "standard input", text: decode(bytes), baseDirectory: cwd)
            }
            let bytes = try FileReader.read(path: path)
            let directory = URL(fileURLWithPath: path, relativeTo: cwd).deletingLastPathComponent()
            return InputSource(displayName: path, text: decode(bytes), baseDirectory: directory.standardizedFileURL)
        } catch {
            throw InputError(error)
        }
    }

    /// Decodes UTF-8, replacing invalid sequences with U+FFFD and dropping a byte-order mark.
    static func decode(_ bytes: [UInt8]) -> String {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return String(decoding: body, as: UTF8.self)
    }
}
