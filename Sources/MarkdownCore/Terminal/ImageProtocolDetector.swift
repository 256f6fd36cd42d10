#if canImport(Glibc)
    import Glibc
#endif

/// Decides how images reach this terminal (kitty graphics, iTerm2 inline images, sixel, half-blocks or
/// not at all) and how big a character cell is in pixels, so sizers can work in pixels.
///
/// Separate from `TerminalDetector` because it talks to the terminal: only when stdin and stdout are
/// both terminals, it asks in one round trip (`TerminalQuery`): in `auto` mode a kitty graphics query,
/// then XTVERSION, the cell size when `TIOCGWINSZ` has no pixel size, and DA1 (attribute 4 means sixel)
/// as the sentinel that ends the wait, for at most `timeout`. Preference: kitty, iTerm2 (from
/// `TERM_PROGRAM`, `LC_TERMINAL` or the XTVERSION reply), sixel, half-blocks. Inside tmux, kitty and
/// iTerm2 sequences are wrapped for passthrough when tmux allows it, else pictures are half-blocks
/// (or sixel, when tmux itself says so in DA1).
public struct ImageProtocolDetector: Sendable {
    /// What the user asked for with `--images`.
    public enum Request: String, Sendable, CaseIterable {
        case auto, kitty, iterm, sixel, blocks, none
    }

    /// The decision.
    public struct Detection: Equatable, Sendable {
        public var output: ImageOutput
        public var cellWidth: Int
        public var cellHeight: Int
        public var terminalRows: Int?
        /// kitty graphics: place pictures with Unicode placeholder cells (kitty, Ghostty, and in tmux).
        public var kittyPlaceholders: Bool
        /// Wrap kitty and iTerm2 sequences for tmux passthrough.
        public var tmuxPassthrough: Bool
        /// Why this output, for `--verbose` (not part of equality).
        public var reason: String

        public init(
            output: ImageOutput, cellWidth: Int, cellHeight: Int, terminalRows: Int? = nil,
            kittyPlaceholders: Bool = false, tmuxPassthrough: Bool = false, reason: String = ""
        ) {
            self.output = output
            self.cellWidth = cellWidth
            self.cellHeight = cellHeight
            self.terminalRows = terminalRows
            self.kittyPlaceholders = kittyPlaceholders
            self.tmuxPassthrough = tmuxPassthrough
            self.reason = reason
        }

        public static func == (a: Detection, b: Detection) -> Bool {
            a.output == b.output && a.cellWidth == b.cellWidth && a.cellHeight == b.cellHeight
                && a.terminalRows == b.terminalRows && a.kittyPlaceholders == b.kittyPlaceholders
                && a.tmuxPassthrough == b.tmuxPassthrough
        }
    }

    /// Used when the terminal tells nothing (a common 10×20 cell).
    public static let defaultCell = (width: 10, height: 20)

    public var environment: [String: String]
    public var stdinIsTerminal: Bool
    public var stdoutIsTerminal: Bool
    public var ttyPath: String
    public var timeout: Double
    /// Whether tmux passes wrapped sequences on; asked only inside tmux, in `auto` mode. nil asks the
    /// tmux server `environment` names (`TmuxOptions`); tests pass their own answer.
    public var tmuxAllowsPassthrough: (@Sendable () -> Bool)?

    public init(
        environment: [String: String], stdinIsTerminal: Bool = isatty(0) == 1, stdoutIsTerminal: Bool = isatty(1) == 1,
        ttyPath: String = "/dev/tty", timeout: Double = 1.0,
        tmuxAllowsPassthrough: (@Sendable () -> Bool)? = nil
    ) {
        self.environment = environment
        self.stdinIsTerminal = stdinIsTerminal
        self.stdoutIsTerminal = stdoutIsTerminal
        self.ttyPath = ttyPath
        self.timeout = timeout
        self.tmuxAllowsPassthrough = tmuxAllowsPassthrough
    }

    var insideTmux: Bool { !(environment["TMUX"] ?? "").isEmpty }

    public func detect(_ request: Request) -> Detection {
        var detection = Detection(
            output: .none, cellWidth: Self.defaultCell.width, cellHeight: Self.defaultCell.height)
        if request == .none { return detection }
        let interactive = stdinIsTerminal && stdoutIsTerminal
        if request == .auto && !interactive {  // pipes get no images unless asked
            detection.reason = "standard output is not a terminal (--images blocks|sixel|kitty|iterm draws anyway)"
            return detection
        }
        if environment["TERM"] == "dumb" && request == .auto {
            detection.reason = "TERM is dumb"
            return detection
        }
        let (query, tmux, passthrough) = query(for: request)
        // One round trip per process: `--theme auto` may have asked these questions already.
        let replies = interactive ? query.askUnlessAnswered() : TerminalQuery.Replies()
        detection.terminalRows = replies.rows
        if let cell = replies.cellSize {
            detection.cellWidth = cell.width
            detection.cellHeight = cell.height
        }
        detection.reason = "--images \(request.rawValue)"
        switch request {
        case .kitty: detection.output = .kitty
        case .iterm: detection.output = .iterm
        case .sixel: detection.output = .sixel
        case .blocks: detection.output = .halfBlocks
        case .none: detection.output = .none
        case .auto: (detection.output, detection.reason) = choose(replies, tmux: tmux, passthrough: passthrough)
        }
        if detection.output == .kitty || detection.output == .iterm {
            detection.tmuxPassthrough = passthrough
            if passthrough { detection.reason += ", through tmux passthrough" }
        }
        detection.kittyPlaceholders = detection.output == .kitty && (tmux || hasPlaceholders(replies.version))
        return detection
    }

    /// The questions `detect` asks for `request`.
    func query(for request: Request) -> (query: TerminalQuery, tmux: Bool, passthrough: Bool) {
        let tmux = insideTmux && stdoutIsTerminal
        // Forced kitty/iTerm2 inside tmux are wrapped without asking: it is their only way through.
        let passthrough = tmux && request != .none && (request != .auto || allowsPassthrough())
        var query = TerminalQuery(ttyPath: ttyPath, timeout: timeout)
        // The Linux console parses neither APC nor CSI > q, and would print the questions.
        let linuxConsole = environment["TERM"] == "linux"
        query.asksKitty = request == .auto && (!tmux || passthrough) && !linuxConsole
        query.asksVersion = (request == .auto || request == .kitty) && !linuxConsole
        query.tmuxPassthrough = passthrough
        return (query, tmux, passthrough)
    }

    /// The terminal's background colour (OSC 11), for `--theme auto`, asked at start-up together with
    /// the questions `detect(request)` will need, so that a document with images costs one round trip.
    /// nil when the terminal does not answer, or cannot be asked (not interactive, `TERM` dumb or the
    /// Linux console, which answers no OSC 11).
    public func background(askingFor request: Request) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        let term = environment["TERM"] ?? ""
        guard stdinIsTerminal && stdoutIsTerminal, term != "dumb", term != "linux" else { return nil }
        var query = query(for: request == .none ? .none : request).query
        query.asksBackground = true
        query.asksSynchronizedOutput = true
        return query.askAhead().background
    }

    /// Whether the terminal knows synchronized output (DECRQM mode 2026), for redrawing a live region
    /// while input streams (standard input may be a pipe: the question goes to the controlling tty).
    /// Read from the round trip already made at start-up when there was one (`background`), else asked
    /// in one of its own (DECRQM and the DA1 sentinel), whose replies a later `detect` uses.
    public func synchronizedOutput() -> Bool {
        let term = environment["TERM"] ?? ""
        guard stdoutIsTerminal, term != "dumb", term != "linux" else { return false }
        var query = TerminalQuery(ttyPath: ttyPath, timeout: timeout)
        if let replies = query.answersAhead(), let answer = replies.synchronizedOutput { return answer }
        query.asksVersion = false
        query.asksSynchronizedOutput = true
        return query.askAhead().synchronizedOutput ?? false
    }

    private func allowsPassthrough() -> Bool {
        tmuxAllowsPassthrough?() ?? TmuxOptions.allowsPassthrough(environment: environment)
    }

    /// The best output the replies and the environment allow, and why.
    func choose(_ replies: TerminalQuery.Replies, tmux: Bool, passthrough: Bool) -> (ImageOutput, String) {
        if replies.kittyGraphics { return (.kitty, "the terminal answered the kitty graphics query") }
        if passthrough,
            let variable = ["KITTY_WINDOW_ID", "GHOSTTY_RESOURCES_DIR"].first(where: { environment[$0] != nil })
        {
            return (.kitty, "tmux runs in a kitty graphics terminal (\(variable) is set)")
        }
        if !tmux || passthrough, let evidence = iTermEvidence(replies.version) {
            return (.iterm, evidence)
        }
        if replies.da1?.contains(4) == true { return (.sixel, "the terminal lists sixel in its DA1 reply") }
        if tmux && !passthrough {
            return (
                .halfBlocks,
                "tmux's allow-passthrough is off; tmux set -g allow-passthrough on lets kitty and iTerm2 pictures through"
            )
        }
        if replies.da1 == nil { return (.halfBlocks, "the terminal did not answer within a second") }
        return (.halfBlocks, "the terminal answered no graphics query (kitty, iTerm2, sixel)")
    }

    /// Why this looks like a terminal with iTerm2's inline images, or nil.
    func iTermEvidence(_ version: String?) -> String? {
        if let program = environment["TERM_PROGRAM"], program == "iTerm.app" || program == "WezTerm" {
            return "TERM_PROGRAM=\(program)"
        }
        if environment["LC_TERMINAL"] == "iTerm2" { return "LC_TERMINAL=iTerm2" }
        if let version, version.hasPrefix("iTerm2") || version.hasPrefix("WezTerm") { return "XTVERSION \(version)" }
        return nil
    }

    /// Terminals known to draw kitty Unicode placeholders: kitty and Ghostty.
    func hasPlaceholders(_ version: String?) -> Bool {
        let term = environment["TERM"] ?? ""
        if term == "xterm-kitty" || term == "xterm-ghostty" || environment["KITTY_WINDOW_ID"] != nil { return true }
        if environment["TERM_PROGRAM"]?.lowercased() == "ghostty" { return true }
        let name = (version ?? "").lowercased()
        return name.hasPrefix("kitty") || name.hasPrefix("ghostty")
    }
}
