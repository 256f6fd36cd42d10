#if canImport(Glibc)
    import Glibc
#endif

/// Decides how images reach this terminal (sixel, half-blocks or not at all) and how big a character
/// cell is in pixels, so sizers can work in pixels.
///
/// Separate from `TerminalDetector` because it talks to the terminal: in `auto` mode, and only when
/// stdin and stdout are both terminals, it sends DA1 (`ESC [ c`; attribute 4 means sixel) and, when
/// `TIOCGWINSZ` has no pixel size, `CSI 16 t` and `CSI 14 t`, then reads the replies from the tty in raw
/// mode (never echoed) for at most `timeout`, with the DA1 reply as the sentinel that ends the wait.
public struct ImageProtocolDetector: Sendable {
    /// What the user asked for with `--images`.
    public enum Request: String, Sendable, CaseIterable {
        case auto, sixel, blocks, none
    }

    /// The decision.
    public struct Detection: Equatable, Sendable {
        public var output: ImageOutput
        public var cellWidth: Int
        public var cellHeight: Int
        public var terminalRows: Int?

        public init(output: ImageOutput, cellWidth: Int, cellHeight: Int, terminalRows: Int? = nil) {
            self.output = output
            self.cellWidth = cellWidth
            self.cellHeight = cellHeight
            self.terminalRows = terminalRows
        }
    }

    /// Used when the terminal tells nothing (a common 10×20 cell).
    public static let defaultCell = (width: 10, height: 20)

    public var environment: [String: String]
    public var stdinIsTerminal: Bool
    public var stdoutIsTerminal: Bool
    public var ttyPath: String
    public var timeout: Double

    public init(
        environment: [String: String], stdinIsTerminal: Bool = isatty(0) == 1, stdoutIsTerminal: Bool = isatty(1) == 1,
        ttyPath: String = "/dev/tty", timeout: Double = 1.0
    ) {
        self.environment = environment
        self.stdinIsTerminal = stdinIsTerminal
        self.stdoutIsTerminal = stdoutIsTerminal
        self.ttyPath = ttyPath
        self.timeout = timeout
    }

    public func detect(_ request: Request) -> Detection {
        let fallback = Detection(output: .none, cellWidth: Self.defaultCell.width, cellHeight: Self.defaultCell.height)
        if request == .none { return fallback }
        let interactive = stdinIsTerminal && stdoutIsTerminal
        if request == .auto && !interactive { return fallback }  // pipes get no images unless asked
        if environment["TERM"] == "dumb" && request == .auto { return fallback }
        let replies = interactive ? TerminalQuery(ttyPath: ttyPath, timeout: timeout).ask() : TerminalQuery.Replies()
        var detection = fallback
        detection.terminalRows = replies.rows
        if let cell = replies.cellSize {
            detection.cellWidth = cell.width
            detection.cellHeight = cell.height
        }
        switch request {
        case .sixel: detection.output = .sixel
        case .blocks: detection.output = .halfBlocks
        case .none: detection.output = .none
        case .auto:
            // Inside tmux (or any terminal) without sixel in DA1: half-blocks.
            detection.output = replies.da1?.contains(4) == true ? .sixel : .halfBlocks
        }
        return detection
    }
}
