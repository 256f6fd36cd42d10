import Glibc

/// Why a file or descriptor could not be read, with the path for the message.
public enum FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing exists at the path.
    case missing(path: String)
    /// The path exists but could not be opened (permission, too many open files, …).
    case cannotOpen(path: String, errno: Int32)
    /// The path names a directory.
    case isDirectory(path: String)
    /// The path names a FIFO, device or socket where only a regular file will do.
    case notRegularFile(path: String)
    /// The path names something that reports itself as a regular file but has nothing to read without
    /// waiting (procfs's `/proc/kmsg`), where only a regular file will do.
    case wouldBlock(path: String)
    /// The file is larger than the caller's cap.
    case tooLarge(path: String, limit: Int)
    /// Reading failed part-way (an I/O error).
    case readFailed(path: String, errno: Int32)

    public var path: String {
        switch self {
        case .missing(let path), .cannotOpen(let path, _), .isDirectory(let path), .notRegularFile(let path),
            .wouldBlock(let path), .tooLarge(let path, _), .readFailed(let path, _):
            return path
        }
    }

    /// Why, without the path.
    public var reason: String {
        switch self {
        case .missing: return "No such file or directory"
        case .cannotOpen(_, let code), .readFailed(_, let code): return String(cString: strerror(code))
        case .isDirectory: return "is a directory"
        case .notRegularFile: return "not a regular file"
        case .wouldBlock: return "has nothing to read without waiting for input (a device or kernel file?)"
        case .tooLarge(_, let limit): return "larger than \(limit) bytes"
        }
    }

    public var description: String { "\(path): \(reason)" }
}

/// mdview's one way to read a file or a descriptor to its end: every stage that reads (the command's
/// inputs, local images, grammar queries, the disk cache) goes through it, so interrupted reads,
/// non-blocking descriptors and size caps are handled once.
public enum FileReader {
    /// Reads the file at `path`.
    /// - Parameters:
    ///   - limit: the most bytes accepted; a larger file is refused (before reading, when its size is known).
    ///   - regularFilesOnly: refuse FIFOs, devices and sockets after `fstat`, before any read. The file
    ///     is then opened non-blocking, so that opening a FIFO cannot hang, and a file that says it is
    ///     regular but has nothing to read yet (procfs's `/proc/kmsg`) is refused, not waited on.
    public static func read(
        path: String, limit: Int = .max, regularFilesOnly: Bool = false
    ) throws(FileReadError) -> [UInt8] {
        let flags = O_RDONLY | O_CLOEXEC | (regularFilesOnly ? O_NONBLOCK : 0)
        let fd = open(path, flags)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw .missing(path: path) }
            throw .cannotOpen(path: path, errno: code)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotOpen(path: path, errno: errno) }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR { throw .isDirectory(path: path) }
        if regularFilesOnly && kind != S_IFREG { throw .notRegularFile(path: path) }
        let size = kind == S_IFREG ? Int(info.st_size) : 0
        if size > limit { throw .tooLarge(path: path, limit: limit) }
        return try readAll(fd: fd, name: path, limit: limit, sizeHint: size, waitsForInput: !regularFilesOnly)
    }

    /// Reads `fd` to its end. Interrupted reads are retried; a non-blocking descriptor with nothing to
    /// read yet is waited on, or, without `waitsForInput`, refused as `wouldBlock` (a regular file never
    /// has to wait).
    public static func readAll(
        fd: Int32, name: String, limit: Int = .max, sizeHint: Int = 0, waitsForInput: Bool = true
    ) throws(FileReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sizeHint)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try readSome(fd: fd, name: name, into: &chunk, waitsForInput: waitsForInput)
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { throw .tooLarge(path: name, limit: limit) }
        }
    }

    /// One `read` into `buffer`: the number of bytes read, 0 at end of input. Retries `EINTR`, and on
    /// `EAGAIN` waits for input (or, without `waitsForInput`, throws `wouldBlock`).
    public static func readSome(
        fd: Int32, name: String, into buffer: inout [UInt8], waitsForInput: Bool = true
    ) throws(FileReadError) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count >= 0 { return count }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK {
                guard waitsForInput else { throw .wouldBlock(path: name) }
                var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&waiting, 1, -1)
                continue
            }
            throw .readFailed(path: name, errno: code)
        }
    }
}
