import Glibc
import MarkdownCore

extension MDView {
    /// What `stream` did: printed the inputs (exit with this status), or left them to the one-shot
    /// render (`OutputPlan`, which pages), with standard input when it read all of it.
    enum StreamOutcome {
        case printed(status: Int32)
        case renderWhole(standardInput: [UInt8]?)
    }

    /// Prints the inputs streamed when `--stream` says so, through `StreamPrinter`. Standard input that
    /// `--stream auto` finds ended at once (`cat README.md | mdview`) is rendered whole, like a file.
    static func stream(
        _ inputs: [String], _ invocation: Invocation, _ environment: TerminalEnvironment,
        remote: RemoteDocumentLoader, _ makeRenderer: (Diagnostics) -> MarkdownRenderer
    ) -> StreamOutcome {
        if invocation.stream == .never { return .renderWhole(standardInput: nil) }
        if invocation.stream == .auto {
            guard inputs == ["-"], environment.stdoutIsTerminal, StreamOptions.standardInputCanGrow() else {
                return .renderWhole(standardInput: nil)
            }
        }
        let diagnostics = Diagnostics(verbose: invocation.verbose)
        var streamer = StreamPrinter(
            renderer: makeRenderer(diagnostics), diagnostics: diagnostics, output: .standardOutput,
            throttleMilliseconds: invocation.throttle, live: liveTerminal(environment, invocation))
        streamer.remote = remote
        streamer.maxSize = invocation.maxSize
        do {
            if invocation.stream == .always { return .printed(status: try streamer.print(inputs) ? 1 : 0) }
            switch Self.waitForEndOfInput() {
            case .ended(let bytes):
                return .renderWhole(standardInput: bytes)
            case .open(let bytes):
                return .printed(status: try streamer.print(inputs, initial: bytes) ? 1 : 0)
            case .failed(let error, let bytes):
                // What arrived before the error is still rendered.
                diagnostics.error(error)
                try streamer.printWhole(bytes)
                return .printed(status: 1)
            }
        } catch {
            // The reader going away is not a failure: nothing more is wanted.
            guard case .failed(let code) = error else { return .printed(status: 0) }
            Diagnostics.printError("standard output: \(String(cString: strerror(code)))")
            return .printed(status: 1)
        }
    }

    /// A live region needs a terminal that understands cursor movement.
    private static func liveTerminal(_ environment: TerminalEnvironment, _ invocation: Invocation)
        -> StreamPrinter.LiveTerminal?
    {
        guard environment.stdoutIsTerminal, environment.variables["TERM"] != "dumb" else { return nil }
        return StreamPrinter.LiveTerminal(
            rows: environment.windowRows ?? 24, columns: environment.windowColumns ?? 0,
            followsWidth: invocation.width == nil,
            synchronizedOutput: { TerminalProbe.synchronizedOutput(environment: environment) })
    }

    private enum InputWait {
        /// Standard input ended within the wait: render it at once.
        case ended([UInt8])
        /// Still open: stream, starting with what already arrived.
        case open([UInt8])
        case failed(InputError, [UInt8])
    }

    /// Reads standard input for about `StreamOptions.autoWaitMilliseconds`, to tell `cat file | mdview`
    /// (which ends at once) from a writer that is still writing.
    private static func waitForEndOfInput() -> InputWait {
        var input = StreamInput()
        var bytes: [UInt8] = []
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(Int(StreamOptions.autoWaitMilliseconds)))
        while clock.now < deadline {
            let wait = StreamPrinter.milliseconds(clock.now.duration(to: deadline))
            do {
                switch try input.next(waitingAtMost: wait) {
                case .bytes(let piece): bytes += piece
                case .endOfInput: return .ended(bytes)
                case .timeout: break
                }
            } catch {
                return .failed(error, bytes)
            }
        }
        return .open(bytes)
    }
}
