import Testing

@testable import MarkdownCore

@Suite struct TerminalDetectorTests {
    private func detector(_ variables: [String: String], tty: Bool = true, columns: Int? = nil) -> TerminalDetector {
        TerminalDetector(
            environment: TerminalEnvironment(variables: variables, stdoutIsTerminal: tty, windowColumns: columns))
    }

    @Test func colourIsOnForATerminal() {
        #expect(detector(["TERM": "xterm"]).colorEnabled(.auto))
    }

    @Test func colourIsOffForAPipe() {
        #expect(!detector(["TERM": "xterm"], tty: false).colorEnabled(.auto))
    }

    @Test func dumbTerminalGetsNoColour() {
        #expect(!detector(["TERM": "dumb"]).colorEnabled(.auto))
    }

    @Test func noColorTurnsColourOff() {
        #expect(!detector(["TERM": "xterm", "NO_COLOR": "1"]).colorEnabled(.auto))
        #expect(detector(["TERM": "xterm", "NO_COLOR": ""]).colorEnabled(.auto))
    }

    @Test func forceVariablesTurnColourOnForPipes() {
        #expect(detector(["CLICOLOR_FORCE": "1"], tty: false).colorEnabled(.auto))
        #expect(detector(["FORCE_COLOR": "1"], tty: false).colorEnabled(.auto))
        #expect(!detector(["FORCE_COLOR": "0"], tty: false).colorEnabled(.auto))
    }

    @Test func explicitChoiceWins() {
        #expect(detector(["NO_COLOR": "1"], tty: false).colorEnabled(.always))
        #expect(!detector(["TERM": "xterm"]).colorEnabled(.never))
    }

    @Test func colourDepthFromColortermAndTerm() {
        #expect(detector(["COLORTERM": "truecolor"]).colorDepth() == .trueColor)
        #expect(detector(["COLORTERM": "24bit"]).colorDepth() == .trueColor)
        #expect(detector(["TERM": "xterm-256color"]).colorDepth() == .palette256)
        #expect(detector(["TERM": "xterm"]).colorDepth() == .ansi16)
        #expect(detector(["TERM": "XTERM-DIRECT"]).colorDepth() == .trueColor)
        #expect(detector(["TERM": "screen.256Color"]).colorDepth() == .palette256)
        #expect(detector(["TERM": "256"]).colorDepth() == .ansi16)
    }

    @Test func aByteSearchFindsPartsAnywhereAndNothingLonger() {
        #expect("https://x".containsBytes("://") && "ab".containsBytes("ab") && "xab".containsBytes("ab"))
        #expect("anything".containsBytes(""))
        #expect(!"a:/b".containsBytes("://") && !"ab".containsBytes("abc") && !"".containsBytes("a"))
        #expect("é://".containsBytes("://"))
    }

    @Test func widthComesFromTheWindowThenColumnsThenDefault() {
        #expect(detector(["COLUMNS": "100"], columns: 120).detectedWidth() == 120)
        #expect(detector(["COLUMNS": "100"]).detectedWidth() == 100)
        #expect(detector(["COLUMNS": "x"]).detectedWidth() == 80)
    }

    @Test func hyperlinksOnlyForKnownTerminals() {
        #expect(detector(["TERM_PROGRAM": "WezTerm"]).supportsHyperlinks())
        #expect(detector(["VTE_VERSION": "7200"]).supportsHyperlinks())
        #expect(!detector(["TERM": "xterm-256color"]).supportsHyperlinks())
        #expect(!detector(["TERM_PROGRAM": "iTerm.app", "TMUX": "/tmp/x"]).supportsHyperlinks())
    }

    @Test func hyperlinksNeedColour() {
        let caps = detector(["TERM_PROGRAM": "WezTerm", "NO_COLOR": "1"]).capabilities(width: 80, color: .auto)
        #expect(!caps.hyperlinks)
    }
}
