import MarkdownCore

/// Standard input, read once. The command may need its bytes after something else read them: `--stream
/// auto` reads all of a pipe that ends at once before handing it to the one-shot render (which may then
/// page it), and a paged render whose pictures must become half-blocks renders every input a second time.
final class StandardInput {
    private var bytes: [UInt8]?

    /// Standard input not read yet, or `alreadyRead`: all of it, read by someone else.
    init(alreadyRead: [UInt8]? = nil) {
        bytes = alreadyRead
    }

    /// All of standard input, read on first use; more than `limit` bytes is refused (`tooLarge`),
    /// however it was read.
    func readAll(limit: Int = .max) throws(FileReadError) -> [UInt8] {
        if let bytes {
            guard bytes.count <= limit else { throw .tooLarge(path: "standard input", limit: limit) }
            return bytes
        }
        let read = try FileReader.readAll(fd: 0, name: "standard input", limit: limit)
        bytes = read
        return read
    }
}
