/// Decides colour, colour depth, hyperlinks and width from a `TerminalEnvironment` and the user's choices.
public struct TerminalDetector: Sendable {
    /// `--color auto|always|never`.
    public enum ColorChoice: String, CaseIterable, Sendable {
        case auto, always, never
    }

    /// `--hyperlinks auto|always|never`.
    public enum HyperlinkChoice: String, CaseIterable, Sendable {
        case auto, always, never
    }

    public let environment: TerminalEnvironment

    public init(environment: TerminalEnvironment) {
        self.environment = environment
    }

    public func capabilities(
        width: Int?, color: ColorChoice, hyperlinks: HyperlinkChoice = .auto
    ) -> TerminalCapabilities {
        let depth = colorEnabled(color) ? colorDepth() : .none
        let links: Bool
        switch hyperlinks {
        case .always: links = depth != .none
        case .never: links = false
        case .auto: links = depth != .none && environment.stdoutIsTerminal && supportsHyperlinks()
        }
        var cellWidth: Int?
        var cellHeight: Int?
        if let columns = environment.windowColumns, let rows = environment.windowRows,
            let pw = environment.windowPixelWidth, let ph = environment.windowPixelHeight,
            columns > 0, rows > 0, pw > 0, ph > 0
        {
            cellWidth = pw / columns
            cellHeight = ph / rows
        }
        return TerminalCapabilities(
            width: width ?? detectedWidth(), height: environment.windowRows, colorDepth: depth,
            hyperlinks: links, cellPixelWidth: cellWidth, cellPixelHeight: cellHeight)
    }

    /// The terminal's width (`TIOCGWINSZ` on stdout), else `$COLUMNS`, else 80.
    public func detectedWidth() -> Int {
        if let columns = environment.windowColumns, columns > 0 { return columns }
        if let value = environment.variables["COLUMNS"], let columns = Int(value), columns > 0 { return columns }
        return 80
    }

    /// `NO_COLOR` wins over everything but an explicit `--color always`; `CLICOLOR_FORCE` / `FORCE_COLOR`
    /// turn colour on for pipes; otherwise colour needs a terminal whose `TERM` is not `dumb`.
    public func colorEnabled(_ choice: ColorChoice) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment.variables["NO_COLOR"], !noColor.isEmpty { return false }
            if isSet("CLICOLOR_FORCE") || isSet("FORCE_COLOR") { return true }
            return environment.stdoutIsTerminal && environment.variables["TERM"] != "dumb"
        }
    }

    /// `COLORTERM=truecolor|24bit` → 24-bit; a `TERM` naming 256 colours → 256; else 16.
    public func colorDepth() -> ColorDepth {
        let colorterm = (environment.variables["COLORTERM"] ?? "").lowercased()
        if colorterm == "truecolor" || colorterm == "24bit" { return .trueColor }
        if let force = environment.variables["FORCE_COLOR"] {
            if force == "3" { return .trueColor }
            if force == "2" { return .palette256 }
        }
        let term = (environment.variables["TERM"] ?? "").lowercased()
        if term.containsBytes("256color") || term.containsBytes("direct") {
            return term.containsBytes("direct") ? .trueColor : .palette256
        }
        return .ansi16
    }

    /// Terminals known to handle OSC 8 hyperlinks (others may print the escape's text).
    public func supportsHyperlinks() -> Bool {
        let vars = environment.variables
        if vars["TMUX"] != nil || (vars["TERM"] ?? "").hasPrefix("screen") { return false }
        if let program = vars["TERM_PROGRAM"],
            ["iTerm.app", "WezTerm", "vscode", "ghostty", "Hyper", "Tabby", "rio"].contains(program)
        {
            return true
        }
        if let vte = vars["VTE_VERSION"], let version = Int(vte), version >= 5000 { return true }
        if vars["KITTY_WINDOW_ID"] != nil || vars["WT_SESSION"] != nil || vars["KONSOLE_VERSION"] != nil { return true }
        let term = vars["TERM"] ?? ""
        return ["xterm-kitty", "foot", "foot-extra", "xterm-ghostty", "wezterm", "alacritty"].contains(term)
    }

    private func isSet(_ name: String) -> Bool {
        guard let value = environment.variables[name] else { return false }
        return !value.isEmpty && value != "0" && value.lowercased() != "false"
    }
}
