import Glibc
import Synchronization

/// The signals a live region on the terminal has to answer: SIGWINCH (lay the region out again at the
/// new width), SIGTSTP (Ctrl-Z: leave the terminal clean for the shell, then stop), and the signals that
/// end a process — SIGINT (Ctrl-C), SIGQUIT (`Ctrl-\`), SIGTERM and SIGHUP — after which the terminal is
/// left clean (plain style, no open hyperlink, cursor shown, on a fresh line) and mdview exits with 128
/// plus the signal's number.
enum TerminalSignals {
    /// Set by SIGWINCH, taken by the streaming loop (whose wait the signal interrupts).
    private static let resized = Atomic<Bool>(false)
    /// Set by SIGTSTP, taken by the streaming loop, which cleans up between two writes and then stops.
    private static let suspendRequested = Atomic<Bool>(false)
    /// Whether a write to the terminal is under way (the cursor may then be in the middle of a line).
    static let writing = Atomic<Bool>(false)
    /// How many rows of the live region are below the cursor (which waits at the region's top row): an
    /// ending signal moves past them, so the shell's prompt lands below what the region showed.
    static let rowsBelowCursor = Atomic<Int>(0)

    /// What the handlers write: plain style, no open hyperlink, cursor shown.
    private static let restoreBytes: [UInt8] = Array("\u{1B}[0m\u{1B}]8;;\u{1B}\\\u{1B}[?25h".utf8)
    private static let newline: [UInt8] = Array("\r\n".utf8)
    private static let lineFeeds = [UInt8](repeating: 0x0A, count: 512)

    /// A pipe the SIGWINCH and SIGTSTP handlers write a byte into, so that the streaming loop's wait
    /// (which watches its reading end) ends even when the signal went to another thread.
    private static let wakePipe: (read: Int32, write: Int32) = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (-1, -1) }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }()

    /// The reading end of the pipe the handlers write into (-1 if it could not be made).
    static var wakeDescriptor: Int32 { wakePipe.read }

    static func install() {
        // Touch the byte arrays and the pipe now: a signal handler must not be the first to initialise a
        // global.
        _ = restoreBytes.count + newline.count + lineFeeds.count + Int(wakePipe.read)
        signal(SIGWINCH) { _ in
            TerminalSignals.resized.store(true, ordering: .relaxed)
            TerminalSignals.wake()
        }
        signal(SIGTSTP) { _ in
            TerminalSignals.suspendRequested.store(true, ordering: .relaxed)
            TerminalSignals.wake()
        }
        for number in [SIGINT, SIGQUIT, SIGTERM, SIGHUP] {
            signal(number) { number in TerminalSignals.restoreAndExit(number) }
        }
    }

    /// Whether the window changed size since the last call.
    static func takeResize() -> Bool {
        resized.exchange(false, ordering: .relaxed)
    }

    /// Whether Ctrl-Z (SIGTSTP) asked the process to stop since the last call.
    static func takeSuspend() -> Bool {
        suspendRequested.exchange(false, ordering: .relaxed)
    }

    /// Stops the process as SIGTSTP would have, for the shell's job control; returns once it goes on.
    static func stop() {
        raise(SIGSTOP)
    }

    /// Only an async-signal-safe call: write(2), of one byte (a full pipe already wakes the loop).
    private static func wake() {
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
    }

    /// Only async-signal-safe calls: write(2) and _exit(2).
    private static func restoreAndExit(_ number: Int32) -> Never {
        restoreBytes.withUnsafeBytes { _ = write(1, $0.baseAddress, $0.count) }
        if writing.load(ordering: .relaxed) {
            newline.withUnsafeBytes { _ = write(1, $0.baseAddress, $0.count) }
        }
        let below = min(max(0, rowsBelowCursor.load(ordering: .relaxed)), lineFeeds.count)
        lineFeeds.withUnsafeBytes { _ = write(1, $0.baseAddress, below) }
        _exit(128 + number)
    }

    /// The window's size, when standard output is a terminal that reports one.
    static func windowSize() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
