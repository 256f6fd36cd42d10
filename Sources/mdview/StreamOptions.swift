import ArgumentParser
import Glibc

/// The streaming flags: when to render input as it arrives, and how often to redraw.
struct StreamOptions: ParsableArguments {
    enum Mode: String, CaseIterable, ExpressibleByArgument {
        case auto, always, never
    }

    @Option(
        help: ArgumentHelp(
            "Render input as it arrives: auto (when output is a terminal and standard input is a pipe or terminal still open after 0.1 s), always (also into a pipe, and for files), never (read everything first).",
            valueName: "when"))
    var stream: Mode = .auto

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "While streaming, redraw at most once per this many milliseconds (0: on every read); a costly redraw is followed by a longer pause.",
            valueName: "ms"))
    var throttle: Int = 33

    /// The longest throttle accepted: beyond a few seconds it is not streaming any more.
    static let throttleRange = 0...10_000

    func validate() throws {
        guard Self.throttleRange.contains(throttle) else {
            throw ValidationError(
                "--throttle: \(throttle) is out of range (\(Self.throttleRange.lowerBound) to \(Self.throttleRange.upperBound) ms)"
            )
        }
    }

    /// How long `auto` waits for the end of standard input before it decides to stream.
    static let autoWaitMilliseconds: Int32 = 100

    /// Whether standard input is something that can still be written to while mdview reads it.
    static func standardInputCanGrow() -> Bool {
        var info = stat()
        guard fstat(0, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK
    }
}
