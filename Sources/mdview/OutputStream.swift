import Glibc

/// Why writing output stopped.
enum OutputError: Error, Equatable {
    /// The reader went away (`mdview big.md | head`): not a failure, nothing more is wanted.
    case closed
    /// Any other failure to write, with the system's error number.
    case failed(errno: Int32)
}

/// Where rendered bytes go: standard output, a pager's input, or a buffer while paging is decided.
protocol ByteSink {
    func write(_ bytes: [UInt8]) throws(OutputError)
}

/// Collects output in memory, for `--pager auto`, which pages only output taller than the terminal.
final class OutputBuffer: ByteSink {
    private(set) var bytes: [UInt8] = []

    func write(_ bytes: [UInt8]) throws(OutputError) {
        self.bytes += bytes
    }

    /// The number of lines (terminal rows, as layout never writes a line wider than the width).
    var lineCount: Int { bytes.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 } }

    /// Whether the output holds a picture in a graphics protocol (sixel's DCS, kitty's APC, iTerm2's
    /// OSC 1337), which no pager can show. Documents never put an escape byte in the output, so an ESC
    /// here is mdview's own.
    var containsGraphics: Bool {
        for index in bytes.indices.dropLast() where bytes[index] == 0x1B {
            let next = bytes[index + 1]
            if next == UInt8(ascii: "P") || next == UInt8(ascii: "_") { return true }
            if next == UInt8(ascii: "]"), bytes[(index + 2)...].starts(with: Array("1337;".utf8)) { return true }
        }
        return false
    }
}

/// Writes bytes to a file descriptor, all of them, retrying interrupted and non-blocking writes. It
/// reports a closed pipe instead of dying of `SIGPIPE` (ignored once the first stream is made), and
/// leaves what to do about it to the command.
struct OutputStream: ByteSink, Sendable {
    let descriptor: Int32

    static let standardOutput = OutputStream(descriptor: 1)
    static let standardError = OutputStream(descriptor: 2)

    init(descriptor: Int32) {
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
