import Foundation
import Testing

@testable import mdview

/// Reading standard input while streaming: an ordinary wait returns each piece as it arrives; a deferred
/// wait (a draw is due at its end anyway) sleeps through what arrives and returns all of it at once.
@Suite struct StreamInputTests {
    /// A pipe: what the test writes to its write end is read from `read`; both ends close with it.
    final class Pipe: @unchecked Sendable {
        let read: Int32
        private var write: Int32

        init() throws {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
            (read, write) = (ends[0], ends[1])
        }

        deinit {
            _ = Glibc.close(read)
            closeWriteEnd()
        }

        func send(_ text: String) {
            _ = Array(text.utf8).withUnsafeBytes { Glibc.write(write, $0.baseAddress, $0.count) }
        }

        /// Ends the input.
        func closeWriteEnd() {
            if write >= 0 { _ = Glibc.close(write) }
            write = -1
        }
    }

    private func text(_ event: StreamInput.Event) -> String? {
        guard case .bytes(let bytes) = event else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A pipe holding `first ` now, which gets `second` 20 ms later.
    private func pipeWithASecondPieceLater() throws -> Pipe {
        let pipe = try Pipe()
        pipe.send("first ")
        Thread {
            usleep(20_000)
            pipe.send("second")
        }.start()
        return pipe
    }

    @Test func anOrdinaryWaitReturnsThePieceThatArrivedWithoutWaitingForMore() throws {
        let pipe = try pipeWithASecondPieceLater()
        var input = StreamInput(descriptor: pipe.read)
        #expect(try text(input.next(waitingAtMost: 5_000)) == "first ")
        #expect(try text(input.next(waitingAtMost: 5_000)) == "second")
    }

    @Test func aDeferredWaitReturnsEverythingThatArrivedDuringIt() throws {
        let pipe = try pipeWithASecondPieceLater()
        var input = StreamInput(descriptor: pipe.read)
        #expect(try text(input.next(waitingAtMost: 1_000, deferringInput: true)) == "first second")
    }

    @Test func aDeferredWaitWithNothingArrivedIsATimeout() throws {
        let pipe = try Pipe()
        var input = StreamInput(descriptor: pipe.read)
        guard case .timeout = try input.next(waitingAtMost: 10, deferringInput: true) else {
            Issue.record("expected a timeout")
            return
        }
    }

    @Test func theEndOfInputIsReportedAfterADeferredWait() throws {
        let pipe = try Pipe()
        var input = StreamInput(descriptor: pipe.read)
        pipe.send("last")
        pipe.closeWriteEnd()
        #expect(try text(input.next(waitingAtMost: 10, deferringInput: true)) == "last")
        guard case .endOfInput = try input.next(waitingAtMost: 10, deferringInput: true) else {
            Issue.record("expected the end of input")
            return
        }
    }
}
