import Glibc

/// The few file-system calls the registry makes, on Glibc directly (the command avoids Foundation to
/// start fast).
enum FileAccess {
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// The file's bytes; nil when it cannot be opened or read (missing, no permission, a directory).
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { return nil }
            if count == 0 { return result }
            result += chunk[0..<count]
        }
    }

    /// The canonical path (symlinks resolved), or the path itself when it cannot be resolved.
    static func resolved(_ path: String) -> String {
        guard let pointer = realpath(path, nil) else { return path }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// `path` without its last component (`/a/b/c` → `/a/b`).
    static func parent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
}
