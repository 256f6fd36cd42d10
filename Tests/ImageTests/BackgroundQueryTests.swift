import Foundation
import Testing

@testable import MarkdownCore

/// `--theme auto`'s question (OSC 11), asked in the same round trip as the image questions.
@Suite struct BackgroundQueryTests {
    /// Drops the replies a test asked ahead and did not use: ttys are reused by later fake terminals.
    func forget(_ terminal: FakeTerminal) {
        _ = TerminalQuery(ttyPath: terminal.path, timeout: 0).takeAnswersAhead()
    }

    func detector(_ terminal: FakeTerminal) -> ImageProtocolDetector {
        ImageProtocolDetector(
            environment: ["TERM": "xterm"], stdinIsTerminal: true, stdoutIsTerminal: true, ttyPath: terminal.path,
            timeout: 1, tmuxAllowsPassthrough: { false })
    }

    @Test func theBackgroundReplyIsReadWithEitherTerminator() {
        var replies = TerminalQuery.Replies()
        let st = Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62c".utf8)
        #expect(TerminalQuery.parse(st, columns: 80, rows: 24, into: &replies))
        #expect(replies.background.map { [$0.red, $0.green, $0.blue] } == [255, 255, 255])
        var belReplies = TerminalQuery.Replies()
        let bel = Array("\u{1B}]11;rgb:1e1e/2020/2828\u{07}\u{1B}[?62c".utf8)
        #expect(TerminalQuery.parse(bel, columns: 80, rows: 24, into: &belReplies))
        #expect(belReplies.background.map { [$0.red, $0.green, $0.blue] } == [0x1e, 0x20, 0x28])
    }

    @Test func channelsOfOneToFourHexDigitsScaleToEightBits() {
        #expect(TerminalQuery.backgroundColor("rgb:f/8/0").map { [$0.red, $0.green, $0.blue] } == [255, 136, 0])
        #expect(TerminalQuery.backgroundColor("rgb:ff/80/00").map { [$0.red, $0.green, $0.blue] } == [255, 128, 0])
        #expect(TerminalQuery.backgroundColor("rgb:fff/000/800").map { [$0.red, $0.green, $0.blue] } == [255, 0, 128])
        #expect(TerminalQuery.backgroundColor("rgb:ff/ff") == nil)
        #expect(TerminalQuery.backgroundColor("cmyk:1/2/3/4") == nil)
        #expect(TerminalQuery.backgroundColor("rgb:gg/00/00") == nil)
    }

    @Test func theBackgroundIsAskedBeforeDA1WithTheImageQuestions() {
        let terminal = FakeTerminal(reply: "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62;4c")
        defer { forget(terminal) }
        let background = detector(terminal).background(askingFor: .auto)
        #expect(background.map { [$0.red, $0.green, $0.blue] } == [255, 255, 255])
        usleep(100_000)
        let received = terminal.received
        #expect(received.contains("\u{1B}_Gi=31"), "the kitty query is not in the same round trip")
        #expect(received.contains("\u{1B}]11;?\u{1B}\\") && received.hasSuffix("\u{1B}[c"))
    }

    @Test func imageDetectionUsesTheRepliesAskedAheadWithoutASecondRoundTrip() {
        let terminal = FakeTerminal(reply: "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}[?62;4c")
        let detector = detector(terminal)
        _ = detector.background(askingFor: .auto)
        let detection = detector.detect(.auto)
        #expect(TerminalQuery(ttyPath: terminal.path, timeout: 0).takeAnswersAhead() == nil, "not taken")
        #expect(detection.output == .sixel)
        usleep(100_000)
        #expect(terminal.received.components(separatedBy: "\u{1B}[c").count == 2, "asked more than once")
    }

    @Test func aTerminalThatDoesNotAnswerHasNoBackground() {
        let terminal = FakeTerminal(reply: "\u{1B}[?62c")  // DA1 only: no OSC 11 support
        defer { forget(terminal) }
        #expect(detector(terminal).background(askingFor: .none) == nil)
    }

    @Test func noQuestionIsAskedOfAPipeOrADumbTerminal() {
        let piped = ImageProtocolDetector(
            environment: ["TERM": "xterm"], stdinIsTerminal: true, stdoutIsTerminal: false)
        #expect(piped.background(askingFor: .auto) == nil)
        let dumb = ImageProtocolDetector(environment: ["TERM": "dumb"], stdinIsTerminal: true, stdoutIsTerminal: true)
        #expect(dumb.background(askingFor: .auto) == nil)
    }
}
