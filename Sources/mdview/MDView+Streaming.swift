import MarkdownCore

extension MDView {
    /// Prints the inputs as `--stream` decides: streamed through `StreamPrinter`, or read whole and
    /// rendered at once by `InputPrinter`. Returns whether an input could not be read.
    func printInputs(
        _ inputs: [String], renderer: MarkdownRenderer, diagnostics: Diagnostics, environment: TerminalEnvironment,
        keptAlive: inout [Any]
    ) throws(OutputError) -> Bool {
        let streamer = StreamPrinter(
            renderer: renderer, diagnostics: diagnostics, output: .standardOutput,
            throttleMilliseconds: streaming.throttle, live: liveTerminal(environment))
        switch streaming.stream {
        case .never:
            break
        case .always:
            return try streamer.print(inputs)
        case .auto:
            guard inputs == ["-"], environment.stdoutIsTerminal, StreamOptions.standardInputCanGrow() else { break }
            switch Self.waitForEndOfInput() {
            case .ended(let bytes):
                try streamer.printWhole(bytes)
                return false
            case .open(let bytes):
                return try streamer.print(inputs, initial: bytes)
            case .failed(let error, let bytes):
                diagnostics.error(error)
                try streamer.printWhole(bytes)
                return true
            }
        }
        return try InputPrinter(renderer: renderer, diagnostics: diagnostics, output: .standardOutput)
            .print(inputs, keptAlive: &keptAlive)
    }

    /// A live region needs a terminal that understands cursor movement.
    private func liveTerminal(_ environment: TerminalEnvironment) -> StreamPrinter.LiveTerminal? {
        guard environment.stdoutIsTerminal, environment.variables["TERM"] != "dumb" else { return nil }
        return StreamPrinter.LiveTerminal(rows: environment.windowRows ?? 24, followsWidth: width == nil)
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
