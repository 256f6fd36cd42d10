import Glibc

/// Reads standard input in whatever pieces it arrives, waiting at most until a deadline, so the
/// streaming loop can redraw on time while input is slow. Interrupted and non-blocking reads are retried.
struct StreamInput {
    enum Event {
        /// Some bytes arrived.
        case bytes(ArraySlice<UInt8>)
        /// Nothing arrived before the deadline (or a signal interrupted the wait).
        case timeout
        case endOfInput
    }

    /// Standard input, unless a test reads a pipe of its own.
    let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// Also watched: a signal the loop must answer (`TerminalSignals.wakeDescriptor`) ends the wait
    /// whichever thread the signal was delivered to.
    var wakeDescriptor: Int32 = -1

    init(descriptor: Int32 = 0) {
        self.descriptor = descriptor
    }

    /// Waits up to `milliseconds` (-1: no limit) for input. `deferringInput` (with a limit): sleeps the
    /// whole wait, however much input arrives meanwhile (only a signal ends it early), then takes what
    /// has arrived. A loop that will not draw before the deadline anyway then wakes once for the many
    /// small pieces a language model writes in that time, instead of once for each.
    mutating func next(waitingAtMost milliseconds: Int32, deferringInput: Bool = false) throws(InputError) -> Event {
        if deferringInput && milliseconds > 0 {
            var wake = pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&wake, wakeDescriptor >= 0 ? 1 : 0, milliseconds) > 0 { drainWake() }
            return try next(waitingAtMost: 0)
        }
        var watched = (
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)
        )
        let count: nfds_t = wakeDescriptor >= 0 ? 2 : 1
        let ready = withUnsafeMutablePointer(to: &watched) {
            $0.withMemoryRebound(to: pollfd.self, capacity: 2) { poll($0, count, milliseconds) }
        }
        if ready < 0 {
            if errno == EINTR { return .timeout }
            throw .cannotRead("standard input", errno: errno)
        }
        if ready == 0 { return .timeout }
        if watched.1.revents != 0 {
            drainWake()
            if watched.0.revents == 0 { return .timeout }
        }
        let read = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if read < 0 {
            if errno == EINTR || errno == EAGAIN { return .timeout }
            throw .cannotRead("standard input", errno: errno)
        }
        return read == 0 ? .endOfInput : .bytes(buffer[..<read])
    }

    /// Empties the wake descriptor, so that the next wait waits again.
    private func drainWake() {
        var drained = [UInt8](repeating: 0, count: 64)
        _ = drained.withUnsafeMutableBytes { Glibc.read(wakeDescriptor, $0.baseAddress, $0.count) }
    }
}
