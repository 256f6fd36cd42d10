import FoundationEssentials
import Glibc
import MarkdownCore

/// Reads the real process's terminal facts: environment, whether stdin/stdout are terminals, window size.
enum TerminalProbe {
    static func environment() -> TerminalEnvironment {
        let stdoutIsTerminal = isatty(1) == 1
        var environment = TerminalEnvironment(
            variables: variables(), stdoutIsTerminal: stdoutIsTerminal,
            stdinIsTerminal: isatty(0) == 1)
        if stdoutIsTerminal {
            var size = winsize()
            if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
                environment.windowColumns = Int(size.ws_col)
                environment.windowRows = Int(size.ws_row)
                environment.windowPixelWidth = size.ws_xpixel > 0 ? Int(size.ws_xpixel) : nil
                environment.windowPixelHeight = size.ws_ypixel > 0 ? Int(size.ws_ypixel) : nil
            }
        }
        return environment
    }

    /// The process environment, read from `environ` once per run. Foundation's
    /// `ProcessInfo.environment` finds each `=` by Character, which costs a small README's start-up
    /// about 0.3 M instructions. The name ends at the first `=` byte (later ones belong to the value) and,
    /// as for `getenv`, the first of two entries with one name wins.
    static func variables() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            entry += 1
            let length = strlen(pointer)
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
            guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = String(decoding: bytes[..<equals], as: UTF8.self)
            if variables[name] == nil {
                variables[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
        }
        return variables
    }

    /// The terminal's background for `--theme auto`: asked (OSC 11) in the same round trip as the image
    /// questions for `imageRequest`; nil when it does not say.
    static func background(environment: TerminalEnvironment, imageRequest: ImageProtocolDetector.Request)
        -> Theme.Background?
    {
        ImageProtocolDetector(
            environment: environment.variables, stdinIsTerminal: environment.stdinIsTerminal,
            stdoutIsTerminal: environment.stdoutIsTerminal
        ).background(askingFor: imageRequest).map(Theme.Background.init(color:))
    }

    /// Whether the terminal reports synchronized output (mode 2026), for a live region's redraws: asked
    /// in the same round trip as the background when that was asked, else in one short round trip.
    static func synchronizedOutput(environment: TerminalEnvironment) -> Bool {
        ImageProtocolDetector(
            environment: environment.variables, stdinIsTerminal: environment.stdinIsTerminal,
            stdoutIsTerminal: environment.stdoutIsTerminal, timeout: synchronizedOutputTimeout
        ).synchronizedOutput()
    }

    /// A terminal answers DA1 at once; one that does not must not hold up the first redraw for long.
    static let synchronizedOutputTimeout = 0.3
}
