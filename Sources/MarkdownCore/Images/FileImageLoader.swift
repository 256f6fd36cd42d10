#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads local images: regular files only, never more than the byte cap.
///
/// A FIFO, device or directory is refused after `fstat`, before any read (the file is opened
/// non-blocking so that opening a FIFO cannot hang), and so is a file larger than the cap.
public struct FileImageLoader: ImageLoader {
    public var maxBytes: Int

    public init(maxBytes: Int = ImageLimits.standard.maxBytes) {
        self.maxBytes = maxBytes
    }

    public func load(_ location: ImageLocation) async throws(ImageError) -> [UInt8] {
        guard case .file(let path) = location else { throw .invalidSource(location.description) }
        return try read(path)
    }

    public func read(_ path: String) throws(ImageError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .notARegularFile(path: path) }
            throw .unreadable(path: path, errno: errno)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(path: path, errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notARegularFile(path: path) }
        guard Int(info.st_size) <= maxBytes else { throw .tooManyBytes(limit: maxBytes) }
        var bytes = [UInt8]()
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .unreadable(path: path, errno: errno)
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > maxBytes { throw .tooManyBytes(limit: maxBytes) }
        }
        return bytes
    }
}
