import TestSupport
import Testing

@testable import HighlightQuery

/// A node captured by several patterns takes the first pattern's capture, unless the query's section is
/// marked `;; mdview: precedence=last` (written for editors where the last pattern wins).
@Suite struct PrecedenceTests {
    let code = "FOO = bar\n"
    let patterns = #"(identifier) @variable ((identifier) @constant (#match? @constant "^[A-Z]"))"#

    func captured(_ query: String) throws -> [String] {
        try EngineGrammar.require("python").tokens(code, query: query).map { "\(text(of: $0, in: code)):\($0.capture)" }
    }

    @Test func firstPatternWinsWithoutAMarker() throws {
        #expect(try captured(patterns) == ["FOO:variable", "bar:variable"])
    }

    @Test func lastPatternWinsInASectionMarkedLast() throws {
        #expect(try captured(";; mdview: precedence=last\n" + patterns) == ["FOO:constant", "bar:variable"])
    }

    @Test func sectionMarkedFirstKeepsItsOrder() throws {
        #expect(try captured(";; mdview: precedence=first\n" + patterns) == ["FOO:variable", "bar:variable"])
    }

    @Test func onlyTheMarkedSectionIsReversed() {
        let source = Array(
            "(a) @x\n;; mdview: precedence=last\n(b) @y\n(c) @z\n;; mdview: precedence=first\n(d) @w\n".utf8)
        let ordered = QueryPrecedence.ordered(QuerySplitter.patterns(in: source), in: source)
        #expect(
            ordered.map { String(decoding: source[$0], as: UTF8.self) } == ["(a) @x", "(c) @z", "(b) @y", "(d) @w"])
    }
}
