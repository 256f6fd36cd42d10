import FoundationEssentials
import Glibc

/// One document to render: its text (valid UTF-8), a name for messages and the directory its relative
/// links resolve against.
struct InputSource {
    let displayName: String
    let text: String
    let baseDirectory: URL

    /// Reads a file, or standard input for `-`. Invalid UTF-8 becomes U+FFFD; directories are refused.
    static func read(_ path: String) throws(InputError) -> InputSource {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        if path == "-" {
            let bytes = try readAll(fd: 0, name: "standard input")
            return InputSource(displayName: "standard input", text: decode(bytes), baseDirectory: cwd)
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw InputError.cannotOpen(path, errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw InputError.cannotOpen(path, errno: errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw InputError.isDirectory(path) }
        let bytes = try readAll(fd: fd, name: path)
        let directory = URL(fileURLWithPath: path, relativeTo: cwd).deletingLastPathComponent()
        return InputSource(displayName: path, text: decode(bytes), baseDirectory: directory.standardizedFileURL)
    }

    private static func readAll(fd: Int32, name: String) throws(InputError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError.cannotRead(name, errno: errno)
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// Decodes UTF-8, replacing invalid sequences with U+FFFD and dropping a byte-order mark.
    static func decode(_ bytes: [UInt8]) -> String {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return String(decoding: body, as: UTF8.self)
    }
}
