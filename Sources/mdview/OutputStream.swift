import Glibc

/// Why writing output stopped.
enum OutputError: Error, Equatable {
    /// The reader went away (`mdview big.md | head`): not a failure, nothing more is wanted.
    case closed
    /// Any other failure to write, with the system's error number.
    case failed(errno: Int32)
}

/// Writes bytes to a file descriptor, all of them, retrying interrupted and non-blocking writes. It
/// reports a closed pipe instead of dying of `SIGPIPE` (ignored once the first stream is made), and
/// leaves what to do about it to the command.
struct OutputStream: Sendable {
    let descriptor: Int32

    static let standardOutput = OutputStream(descriptor: 1)
    static let standardError = OutputStream(descriptor: 2)

    private init(descriptor: Int32) {
        signal(SIGPIPE, SIG_IGN)
        self.descriptor = descriptor
    }

    func write(_ bytes: [UInt8]) throws(OutputError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return buffer.count - offset }
                return Glibc.write(descriptor, base + offset, buffer.count - offset)
            }
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN {
                    var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&waiting, 1, -1)
                    continue
                }
                throw code == EPIPE ? .closed : .failed(errno: code)
            }
            offset += written
        }
    }
}
