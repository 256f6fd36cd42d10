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

    let descriptor: Int32 = 0
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// Also watched: a signal the loop must answer (`TerminalSignals.wakeDescriptor`) ends the wait
    /// whichever thread the signal was delivered to.
    var wakeDescriptor: Int32 = -1

    /// Waits up to `milliseconds` (-1: no limit) for input.
    mutating func next(waitingAtMost milliseconds: Int32) throws(InputError) -> Event {
        var waiting = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&waiting, wakeDescriptor >= 0 ? 2 : 1, milliseconds)
        if ready < 0 {
            if errno == EINTR { return .timeout }
            throw .cannotRead("standard input", errno: errno)
        }
        if ready == 0 { return .timeout }
        if waiting[1].revents != 0 {
            var drained = [UInt8](repeating: 0, count: 64)
            _ = drained.withUnsafeMutableBytes { read(wakeDescriptor, $0.baseAddress, $0.count) }
            if waiting[0].revents == 0 { return .timeout }
        }
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return .timeout }
            throw .cannotRead("standard input", errno: errno)
        }
        return count == 0 ? .endOfInput : .bytes(buffer[..<count])
    }
}
