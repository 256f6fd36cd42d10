import Testing

@testable import MarkdownCore

/// The DECRQM question for synchronized output (mode 2026) rides in the terminal query's one round trip,
/// and its DECRPM reply is read whatever else arrives around it.
@Suite struct SynchronizedOutputQueryTests {
    @Test func theQuestionGoesBeforeTheDA1Sentinel() {
        var query = TerminalQuery(ttyPath: "/dev/null", timeout: 0)
        query.asksSynchronizedOutput = true
        let questions = String(decoding: query.questions(knowsCellSize: true), as: UTF8.self)
        #expect(questions.hasSuffix("\u{1B}[?2026$p\u{1B}[c"))
    }

    @Test(arguments: [(1, true), (2, true), (3, true), (0, false), (4, false)])
    func aReportedModeMeansSupportUnlessUnknownOrPermanentlyOff(state: Int, supported: Bool) {
        var replies = TerminalQuery.Replies()
        let reply = Array("\u{1B}P>|tmux 3.5\u{1B}\\\u{1B}[?2026;\(state)$y\u{1B}[?62;22c".utf8)
        #expect(TerminalQuery.parse(reply, columns: 80, rows: 24, into: &replies))
        #expect(replies.synchronizedOutput == supported)
        #expect(replies.da1 == [62, 22])
    }

    @Test func noReplyLeavesItUnknown() {
        var replies = TerminalQuery.Replies()
        #expect(TerminalQuery.parse(Array("\u{1B}[?62c".utf8), columns: 80, rows: 24, into: &replies))
        #expect(replies.synchronizedOutput == nil)
    }
}
