import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One round of questions to the terminal on its tty: window size by `TIOCGWINSZ`, then, in one write,
/// a kitty graphics query (`a=q`, only when asked for), XTVERSION (`CSI > 0 q`), `CSI 16 t` (cell size)
/// and `CSI 14 t` (window size in pixels) when the pixel size is unknown, and DA1 last.
///
/// The tty is put in raw mode without echo while the replies are read and restored afterwards; the wait
/// ends at the DA1 reply (every terminal answers DA1, and answers in order, so every other reply has
/// arrived by then or never will) or after `timeout`.
struct TerminalQuery {
    struct Replies: Equatable {
        var da1: [Int]?
        var cellSize: (width: Int, height: Int)?
        var rows: Int?
        /// The terminal answered the kitty graphics query with OK.
        var kittyGraphics = false
        /// The XTVERSION reply (`ESC P > | name version ESC \`): the terminal's name and version.
        var version: String?
        /// The OSC 11 reply (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB ST`): the background colour, 8 bits a channel.
        var background: (red: UInt8, green: UInt8, blue: UInt8)?
        /// The DECRPM reply for mode 2026 (`CSI ? 2026 ; Ps $ y`): whether the terminal knows synchronized
        /// output (`Ps` 1, 2 or 3); nil when it did not answer.
        var synchronizedOutput: Bool?

        static func == (a: Replies, b: Replies) -> Bool {
            a.da1 == b.da1 && a.rows == b.rows && a.cellSize?.width == b.cellSize?.width
                && a.cellSize?.height == b.cellSize?.height && a.kittyGraphics == b.kittyGraphics
                && a.version == b.version && a.background?.red == b.background?.red
                && a.background?.green == b.background?.green && a.background?.blue == b.background?.blue
                && a.synchronizedOutput == b.synchronizedOutput
        }
    }

    /// The kitty graphics query: a 1×1 RGB picture (`AAAA`) the terminal only checks (`a=q`), never
    /// stores or shows; a terminal with the protocol answers `ESC _ G i=31;OK ESC \`.
    static let kittyQuery = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)

    var ttyPath: String
    var timeout: Double
    /// Send the kitty graphics query.
    var asksKitty = false
    /// Wrap the kitty graphics query for tmux passthrough (tmux itself does not speak the protocol).
    var tmuxPassthrough = false
    /// Send XTVERSION.
    var asksVersion = true
    /// Ask for the background colour (OSC 11), for `--theme auto`.
    var asksBackground = false
    /// Ask whether the terminal knows synchronized output (DECRQM, mode 2026), for a live region.
    var asksSynchronizedOutput = false

    /// Replies asked for ahead of time, by tty, each kept for the next `askUnlessAnswered` on that tty:
    /// `--theme auto` asks at start-up, including the image questions, and image detection then uses
    /// those replies, so a document costs one round trip.
    private static let answeredAhead = Mutex<[String: Replies]>([:])

    /// `ask()`, keeping the replies for the next `askUnlessAnswered` on this tty.
    func askAhead() -> Replies {
        let replies = ask()
        Self.answeredAhead.withLock { $0[ttyPath] = replies }
        return replies
    }

    /// The replies `askAhead` kept for this tty (taken, so only once), else `ask()`.
    func askUnlessAnswered() -> Replies {
        takeAnswersAhead() ?? ask()
    }

    /// The replies `askAhead` kept for this tty, left for `askUnlessAnswered`.
    func answersAhead() -> Replies? {
        Self.answeredAhead.withLock { $0[ttyPath] }
    }

    /// The replies `askAhead` kept for this tty, removed.
    func takeAnswersAhead() -> Replies? {
        Self.answeredAhead.withLock { $0.removeValue(forKey: ttyPath) }
    }

    /// The bytes written to the terminal.
    func questions(knowsCellSize: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        if asksKitty { bytes += tmuxPassthrough ? TmuxPassthrough.wrap(Self.kittyQuery) : Self.kittyQuery }
        if asksVersion { bytes += Array("\u{1B}[>0q".utf8) }
        if !knowsCellSize { bytes += Array("\u{1B}[16t\u{1B}[14t".utf8) }
        if asksBackground { bytes += Array("\u{1B}]11;?\u{1B}\\".utf8) }
        if asksSynchronizedOutput { bytes += Array("\u{1B}[?2026$p".utf8) }
        bytes += Array("\u{1B}[c".utf8)
        return bytes
    }

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

        var bytes = questions(knowsCellSize: replies.cellSize != nil)
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
            guard buffer[i] == 0x1B,
                buffer[i + 1] == 0x5B || buffer[i + 1] == 0x5F || buffer[i + 1] == 0x50 || buffer[i + 1] == 0x5D
            else {
                i += 1
                continue
            }
            if buffer[i + 1] != 0x5B {  // APC, DCS or OSC: a string up to ST
                guard let (end, next) = stringEnd(in: buffer, from: i + 2) else { break }  // not all here yet
                parseString(kind: buffer[i + 1], buffer[(i + 2)..<end], into: &replies)
                i = next
                continue
            }
            var j = i + 2
            let isPrivate = buffer[j] == 0x3F
            if isPrivate { j += 1 }
            var k = j
            while k < buffer.count, buffer[k] == 0x3B || (0x30...0x39).contains(buffer[k]) { k += 1 }
            guard k < buffer.count else { break }
            let numbers = String(decoding: buffer[j..<k], as: UTF8.self).split(separator: ";").compactMap { Int($0) }
            if isPrivate && buffer[k] == 0x24 {  // CSI ? mode ; Ps $ y (DECRPM)
                guard k + 1 < buffer.count else { break }  // not all here yet
                if buffer[k + 1] == 0x79, numbers.count == 2, numbers[0] == 2026 {
                    replies.synchronizedOutput = (1...3).contains(numbers[1])
                }
                i = k + 2
                continue
            }
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

    /// Where a string sequence starting at `from` ends, and where the next sequence starts: at its
    /// `ESC \\` (ST), at a BEL (which some terminals end replies with), or at an ESC that starts another
    /// sequence (the string was cut short). nil while the end has not arrived.
    private static func stringEnd(in buffer: [UInt8], from start: Int) -> (end: Int, next: Int)? {
        var k = start
        while k < buffer.count {
            if buffer[k] == 0x07 { return (k, k + 1) }
            if buffer[k] == 0x1B {
                guard k + 1 < buffer.count else { return nil }
                return buffer[k + 1] == 0x5C ? (k, k + 2) : (k, k)
            }
            k += 1
        }
        return nil
    }

    /// An APC reply to the kitty query (`G i=31;OK`) or a DCS XTVERSION reply (`>|name version`).
    private static func parseString(kind: UInt8, _ body: ArraySlice<UInt8>, into replies: inout Replies) {
        let text = String(decoding: body, as: UTF8.self)
        if kind == 0x5F, text.hasPrefix("G"), text.contains("i=31"), text.hasSuffix(";OK") {
            replies.kittyGraphics = true
        } else if kind == 0x5D, text.hasPrefix("11;") {
            replies.background = backgroundColor(text.dropFirst(3))
        } else if kind == 0x50, text.hasPrefix(">|") {
            // Printable ASCII only: the name is compared, and may end up in a --verbose message.
            replies.version = String(
                text.dropFirst(2).unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }.map(Character.init))
        }
    }

    /// `rgb:RRRR/GGGG/BBBB` (1 to 4 hex digits a channel, as X11 colour specs allow) in 8 bits a channel.
    static func backgroundColor(_ spec: Substring) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        guard spec.hasPrefix("rgb:") else { return nil }
        let channels = spec.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
        guard channels.count == 3 else { return nil }
        var values: [UInt8] = []
        for channel in channels {
            guard (1...4).contains(channel.count), channel.allSatisfy(\.isHexDigit),
                let value = UInt32(channel, radix: 16)
            else { return nil }
            let maximum = (UInt32(1) << (4 * UInt32(channel.count))) - 1
            values.append(UInt8((value * 255 + maximum / 2) / maximum))
        }
        return (values[0], values[1], values[2])
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
