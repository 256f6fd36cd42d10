/// The facts about the process's surroundings that terminal detection reads, injectable for tests.
public struct TerminalEnvironment: Sendable {
    public var variables: [String: String]
    public var stdoutIsTerminal: Bool
    public var stdinIsTerminal: Bool
    /// The size `TIOCGWINSZ` reported for stdout, if it is a terminal.
    public var windowColumns: Int?
    public var windowRows: Int?
    public var windowPixelWidth: Int?
    public var windowPixelHeight: Int?

    public init(
        variables: [String: String], stdoutIsTerminal: Bool, stdinIsTerminal: Bool = false,
        windowColumns: Int? = nil, windowRows: Int? = nil, windowPixelWidth: Int? = nil, windowPixelHeight: Int? = nil
    ) {
        self.variables = variables
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stdinIsTerminal = stdinIsTerminal
        self.windowColumns = windowColumns
        self.windowRows = windowRows
        self.windowPixelWidth = windowPixelWidth
        self.windowPixelHeight = windowPixelHeight
    }
}
