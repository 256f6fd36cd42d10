import FoundationEssentials
import Glibc

/// Writes rendered bytes to standard output. A reader that went away (`mdview big.md | head`) ends the
/// program quietly with status 0, as for `cat`.
struct StandardOutput: Sendable {
    init() {
        signal(SIGPIPE, SIG_IGN)
    }

    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Glibc.write(1, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    // EPIPE or any other failure to write: nobody reads what follows.
                    exit(errno == EPIPE ? 0 : 1)
                }
                offset += written
            }
        }
    }
}
