import Glibc
import MarkdownCore

/// Reads local images: regular files only, never more than the byte cap.
///
/// A FIFO, device or directory is refused after `fstat`, before any read (the file is opened
/// non-blocking so that opening a FIFO cannot hang), and so is a file larger than the cap.
public struct FileImageLoader: ImageLoader {
    public var maxBytes: Int

    public init(maxBytes: Int = ImageLimits.standard.maxBytes) {
        self.maxBytes = maxBytes
    }

    public func load(_ location: ImageLocation) throws(ImageError) -> [UInt8] {
        guard case .file(let path) = location else { throw .invalidSource(location.description) }
        return try read(path)
    }

    public func read(_ path: String) throws(ImageError) -> [UInt8] {
        do {
            return try FileReader.read(path: path, limit: maxBytes, regularFilesOnly: true)
        } catch {
            switch error {
            case .missing(let path), .cannotOpen(let path, ENOTDIR):
                throw .missing(path: path)
            case .isDirectory(let path), .notRegularFile(let path), .wouldBlock(let path):
                throw .notARegularFile(path: path)
            case .tooLarge(_, let limit):
                throw .tooManyBytes(limit: limit)
            case .cannotOpen(let path, let code), .readFailed(let path, let code):
                throw .unreadable(path: path, errno: code)
            }
        }
    }
}
