import Foundation
import TestSupport
import Testing

@testable import MarkdownCore
@testable import MarkdownImages

#if canImport(Glibc)
    import Glibc
#endif

/// A pseudo-terminal whose far end plays a terminal: it answers the queries it reads with `reply`
/// (or never, when nil) and records everything it received.
final class FakeTerminal: Sendable {
    let master: Int32
    let slave: Int32
    let path: String
    private let seen = LockedList<UInt8>()

    init(reply: String?, pixels: (Int, Int) = (0, 0)) {
        var m: Int32 = -1
        var s: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: UInt16(pixels.0), ws_ypixel: UInt16(pixels.1))
        openpty(&m, &s, nil, nil, &size)
        master = m
        slave = s
        var name = [CChar](repeating: 0, count: 256)
        path =
            ttyname_r(s, &name, name.count) == 0
            ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let responder = Thread { [self] in
            var answered = false
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                var p = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                if poll(&p, 1, 2_000) <= 0 { break }
                let n = read(master, &buffer, buffer.count)
                if n <= 0 { break }
                seen.append(contentsOf: buffer[0..<n])
                let all = seen.values
                if !answered, let reply, String(decoding: all, as: UTF8.self).contains("\u{1B}[c") {
                    answered = true
                    var bytes = Array(reply.utf8)
                    _ = write(master, &bytes, bytes.count)
                }
            }
        }
        responder.start()
    }

    var received: String { String(decoding: seen.values, as: UTF8.self) }

    deinit {
        close(slave)
        close(master)
    }
}

@Suite struct DetectorTests {
    func detector(
        _ terminal: FakeTerminal, env: [String: String] = ["TERM": "xterm"], passthrough: Bool = false
    ) -> ImageProtocolDetector {
        ImageProtocolDetector(
            environment: env, stdinIsTerminal: true, stdoutIsTerminal: true, ttyPath: terminal.path, timeout: 1,
            tmuxAllowsPassthrough: { passthrough })
    }

    static let kittyQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"

    @Test func aTerminalThatAnswersTheKittyQueryGetsKittyGraphics() {
        let terminal = FakeTerminal(reply: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4;22c")
        let detection = detector(terminal, env: ["TERM": "xterm-kitty"]).detect(.auto)
        #expect(detection.output == .kitty && detection.kittyPlaceholders && !detection.tmuxPassthrough)
        #expect(detection.reason.contains("kitty graphics query"))
        usleep(100_000)
        // The query goes before DA1, which stays the last question.
        #expect(terminal.received.hasPrefix(Self.kittyQuery) && terminal.received.hasSuffix("\u{1B}[c"))
    }

    @Test func theLinuxConsoleIsAskedOnlyDA1() {
        let terminal = FakeTerminal(reply: "\u{1B}[?6c")
        #expect(detector(terminal, env: ["TERM": "linux"]).detect(.auto).output == .halfBlocks)
        usleep(100_000)
        #expect(terminal.received == "\u{1B}[16t\u{1B}[14t\u{1B}[c")
    }

    @Test func kittyWithoutAKnownPlaceholderTerminalIsPlacedAtTheCursor() {
        let terminal = FakeTerminal(reply: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|WezTerm 20240203\u{1B}\\\u{1B}[?62c")
        let detection = detector(terminal).detect(.auto)
        #expect(detection.output == .kitty && !detection.kittyPlaceholders)
    }

    @Test func repliesEndedByBELOrCutShortStillReachTheDA1Sentinel() {
        var replies = TerminalQuery.Replies()
        let bel = Array("\u{1B}P>|iTerm2 3.5\u{07}\u{1B}[?62;4c".utf8)
        #expect(TerminalQuery.parse(bel, columns: 80, rows: 24, into: &replies))
        #expect(replies.version == "iTerm2 3.5" && replies.da1 == [62, 4])
        var cut = TerminalQuery.Replies()
        #expect(TerminalQuery.parse(Array("\u{1B}_Gi=31;O\u{1B}[?62c".utf8), columns: 80, rows: 24, into: &cut))
        #expect(!cut.kittyGraphics && cut.da1 == [62])
        var partial = TerminalQuery.Replies()
        #expect(!TerminalQuery.parse(Array("\u{1B}_Gi=31;OK".utf8), columns: 80, rows: 24, into: &partial))
    }

    @Test func anErrorAnswerToTheKittyQueryIsNotKitty() {
        let terminal = FakeTerminal(reply: "\u{1B}_Gi=31;EINVAL:bad\u{1B}\\\u{1B}[?62;4c")
        #expect(detector(terminal).detect(.auto).output == .sixel)
    }

    @Test func iTerm2ComesFromXTVERSIONOrTheEnvironmentAndRanksAboveSixel() {
        let byVersion = FakeTerminal(reply: "\u{1B}P>|iTerm2 3.5.0\u{1B}\\\u{1B}[?62;4c")
        #expect(detector(byVersion).detect(.auto).output == .iterm)
        let byEnvironment = FakeTerminal(reply: "\u{1B}[?62;4c")
        let detection = detector(byEnvironment, env: ["TERM": "xterm", "LC_TERMINAL": "iTerm2"]).detect(.auto)
        #expect(detection.output == .iterm && detection.reason.contains("LC_TERMINAL"))
    }

    @Test func insideTmuxWithoutPassthroughNoKittyQueryIsSentAndPicturesAreHalfBlocks() {
        let terminal = FakeTerminal(reply: "\u{1B}[?62;22c")
        let env = ["TERM": "screen", "TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"]
        let detection = detector(terminal, env: env, passthrough: false).detect(.auto)
        #expect(detection.output == .halfBlocks && detection.reason.contains("allow-passthrough"))
        usleep(100_000)
        #expect(!terminal.received.contains("_G"))
    }

    @Test func insideTmuxWithPassthroughTheKittyQueryIsWrappedAndPicturesUsePlaceholders() {
        let terminal = FakeTerminal(reply: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c")
        let env = ["TERM": "screen", "TMUX": "/tmp/tmux-0/default,1,0"]
        let detection = detector(terminal, env: env, passthrough: true).detect(.auto)
        #expect(detection.output == .kitty && detection.kittyPlaceholders && detection.tmuxPassthrough)
        #expect(detection.reason.contains("tmux passthrough"))
        usleep(100_000)
        #expect(
            terminal.received.hasPrefix(
                String(decoding: TmuxPassthrough.wrap(Array(Self.kittyQuery.utf8)), as: UTF8.self)))
    }

    @Test func da1WithAttribute4MeansSixelAndCellSizeComesFromCSI16t() {
        let terminal = FakeTerminal(reply: "\u{1B}[6;20;9t\u{1B}[4;480;720t\u{1B}[?63;1;2;4;6;9;15;22c")
        let detection = detector(terminal).detect(.auto)
        #expect(detection == .init(output: .sixel, cellWidth: 9, cellHeight: 20, terminalRows: 24))
        usleep(100_000)
        #expect(terminal.received.hasSuffix("\u{1B}[16t\u{1B}[14t\u{1B}[c"))
        #expect(!terminal.received.contains("63;1;2"))  // the reply was never echoed
    }

    @Test func da1WithoutAttribute4MeansHalfBlocksAndCSI14tGivesTheCellSize() {
        let terminal = FakeTerminal(reply: "\u{1B}[4;480;800t\u{1B}[?62;1;6;22c")
        let detection = detector(terminal, env: ["TERM": "screen", "TMUX": "/tmp/tmux,1,0"]).detect(.auto)
        #expect(!terminal.received.contains("_G"))  // tmux without passthrough is never sent the kitty query
        #expect(detection == .init(output: .halfBlocks, cellWidth: 10, cellHeight: 20, terminalRows: 24))
    }

    @Test func pixelSizeFromTIOCGWINSZSkipsTheSizeQueries() {
        let terminal = FakeTerminal(reply: "\u{1B}[?65;4c", pixels: (640, 384))
        let detection = detector(terminal).detect(.auto)
        #expect(detection == .init(output: .sixel, cellWidth: 8, cellHeight: 16, terminalRows: 24))
        usleep(100_000)
        #expect(!terminal.received.contains("16t"))
    }

    @Test func aSilentTerminalFallsBackToHalfBlocksAndTheDefaultCellSize() {
        let terminal = FakeTerminal(reply: nil)
        var silent = detector(terminal)
        silent.timeout = 0.05  // how long detection waits is the next test's business
        let detection = silent.detect(.auto)
        #expect(detection.output == .halfBlocks && detection.cellWidth == 10 && detection.cellHeight == 20)
        // The terminal is back in canonical mode with echo.
        var mode = termios()
        tcgetattr(terminal.slave, &mode)
        #expect(mode.c_lflag & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
    }

    @Test func detectionWaitsAtMostOneSecondForATerminalByDefault() {
        let detector = ImageProtocolDetector(
            environment: [:], stdinIsTerminal: true, stdoutIsTerminal: true, ttyPath: "/nonexistent")
        #expect(detector.timeout == 1.0)
    }

    @Test func pipesGetNoImagesUnlessAsked() {
        let piped = ImageProtocolDetector(
            environment: [:], stdinIsTerminal: true, stdoutIsTerminal: false, ttyPath: "/nonexistent")
        #expect(piped.detect(.auto).output == .none)
        #expect(piped.detect(.sixel).output == .sixel)
        #expect(piped.detect(.blocks).output == .halfBlocks)
        #expect(piped.detect(.none).output == .none)
        #expect(piped.detect(.kitty).output == .kitty)
        #expect(piped.detect(.iterm).output == .iterm)
    }
}

/// `TmuxOptions` against a real tmux server of the test's own (its own socket, never the user's).
@Suite(.serialized) struct TmuxOptionsTests {
    @Test func allowPassthroughIsReadFromTheServerTMUXNames() throws {
        let socket = "/tmp/mdview-tmux-\(getpid())"
        let tmux = { (arguments: [String]) throws -> Subprocess.Result in
            try Subprocess.run(["/usr/bin/tmux", "-S", socket] + arguments, environment: ["PATH": "/usr/bin:/bin"])
        }
        #expect(try tmux(["-f", "/dev/null", "new-session", "-d", "sleep 30"]).status == 0)
        defer {
            _ = try? tmux(["kill-server"])
            unlink(socket)
        }
        // $TMUX is "socket,pid,session": the client finds the server by its first field.
        let environment = ["PATH": "/usr/bin:/bin", "TMUX": "\(socket),1,0"]
        #expect(try tmux(["set", "-g", "allow-passthrough", "off"]).status == 0)
        #expect(!TmuxOptions.allowsPassthrough(environment: environment))
        #expect(try tmux(["set", "-g", "allow-passthrough", "on"]).status == 0)
        #expect(TmuxOptions.allowsPassthrough(environment: environment))
        #expect(!TmuxOptions.allowsPassthrough(environment: ["PATH": "/usr/bin:/bin", "TMUX": "/nonexistent,1,0"]))
    }
}
