#if canImport(Glibc)
    import Glibc
#endif

/// One round of questions to the terminal on its tty: window size by `TIOCGWINSZ`, then DA1 and, when
/// the pixel size is unknown, `CSI 16 t` (cell size) and `CSI 14 t` (window size in pixels).
///
/// The tty is put in raw mode without echo while the replies are read and restored afterwards; the wait
/// ends at the DA1 reply (every terminal answers DA1, and answers in order) or after `timeout`.
struct TerminalQuery {
    struct Replies: Equatable {
        var da1: [Int]?
        var cellSize: (width: Int, height: Int)?
        var rows: Int?

        static func == (a: Replies, b: Replies) -> Bool {
            a.da1 == b.da1 && a.rows == b.rows && a.cellSize?.width == b.cellSize?.width
                && a.cellSize?.height == b.cellSize?.height
        }
    }

    var ttyPath: String
    var timeout: Double

    func ask() -> Replies {
        var replies = Replies()
        let fd = open(ttyPath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return replies }
        defer { close(fd) }
        var size = winsize()
        var columns = 0
        if withUnsafeMutablePointer(to: &size, { ioctl(fd, UInt(TIOCGWINSZ), $0) }) == 0 {
            replies.rows = size.ws_row > 0 ? Int(size.ws_row) : nil
            columns = Int(size.ws_col)
            if size.ws_xpixel > 0, size.ws_ypixel > 0, size.ws_col > 0, size.ws_row > 0 {
                replies.cellSize = (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
            }
        }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return replies }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | IEXTEN)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return replies }
        defer { tcsetattr(fd, TCSANOW, &saved) }

        let query = replies.cellSize == nil ? "\u{1B}[16t\u{1B}[14t\u{1B}[c" : "\u{1B}[c"
        var bytes = Array(query.utf8)
        guard write(fd, &bytes, bytes.count) == bytes.count else { return replies }

        var buffer: [UInt8] = []
        var answered = false
        defer {
            // A terminal that answers after the deadline would have its reply echoed into the shell once
            // echo is back on: drop whatever input is pending in that case.
            if !answered { tcflush(fd, TCIFLUSH) }
        }
        let deadline = Self.now() + timeout
        while buffer.count < 4096 {
            let left = deadline - Self.now()
            if left <= 0 { break }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(max(1, left * 1000)))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { break }
            var chunk = [UInt8](repeating: 0, count: 256)
            guard let n = try? FileReader.readSome(fd: fd, name: "/dev/tty", into: &chunk), n > 0 else { break }
            buffer += chunk[0..<n]
            if Self.parse(buffer, columns: columns, rows: replies.rows, into: &replies) {
                answered = true
                break
            }
        }
        return replies
    }

    /// Parses the replies seen so far; true once the DA1 reply (the sentinel) has arrived.
    static func parse(_ buffer: [UInt8], columns: Int, rows: Int?, into replies: inout Replies) -> Bool {
        var sawDA1 = false
        var i = 0
        while i + 2 < buffer.count {
            guard buffer[i] == 0x1B, buffer[i + 1] == 0x5B else {
                i += 1
                continue
            }
            var j = i + 2
            let isPrivate = buffer[j] == 0x3F
            if isPrivate { j += 1 }
            var k = j
            while k < buffer.count, buffer[k] == 0x3B || (0x30...0x39).contains(buffer[k]) { k += 1 }
            guard k < buffer.count else { break }
            let numbers = String(decoding: buffer[j..<k], as: UTF8.self).split(separator: ";").compactMap { Int($0) }
            if isPrivate && buffer[k] == 0x63 {  // CSI ? … c
                replies.da1 = numbers
                sawDA1 = true
            } else if !isPrivate && buffer[k] == 0x74 && numbers.count == 3 {  // CSI n ; h ; w t
                if numbers[0] == 6, numbers[1] > 0, numbers[2] > 0, replies.cellSize == nil {
                    replies.cellSize = (numbers[2], numbers[1])
                } else if numbers[0] == 4, replies.cellSize == nil, columns > 0, let rows, rows > 0,
                    numbers[1] > 0, numbers[2] > 0
                {
                    replies.cellSize = (numbers[2] / columns, numbers[1] / rows)
                }
            }
            i = k + 1
        }
        return sawDA1
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
