import TestSupport
import Testing

@testable import HighlightQuery

/// Quantified children (`?`, `*`, `+`) repeat over consecutive siblings. libtree-sitter 0.20.7 reports
/// fewer of these matches than the query language promises, so they are specified here rather than
/// compared with it.
@Suite struct QuantifierTests {
    func captured(_ code: String, _ query: String) throws -> [String] {
        try EngineGrammar.require("python").tokens(code, query: query).map { "\(text(of: $0, in: code)):\($0.capture)" }
    }

    @Test func oneOrMoreCapturesEverySibling() throws {
        let code = "def f(a, b, c):\n    pass\n"
        #expect(try captured(code, "(parameters (identifier)+ @param)") == ["a:param", "b:param", "c:param"])
    }

    @Test func oneOrMoreNeedsOneSibling() throws {
        let query = "(call function: (identifier) @fn arguments: (argument_list (integer)+ @int))"
        #expect(try captured("f()\ng(1)\n", query) == ["g:fn", "1:int"])
    }

    @Test func zeroOrMoreMatchesWithoutSiblings() throws {
        let query = "(call function: (identifier) @fn arguments: (argument_list (integer)* @int))"
        #expect(try captured("f()\ng(1, 2)\n", query) == ["f:fn", "g:fn", "1:int", "2:int"])
    }

    @Test func optionalMatchesWithAndWithoutItsElement() throws {
        let query = "(call function: (identifier) @fn arguments: (argument_list (integer)? @int))"
        #expect(try captured("f()\ng(1)\n", query) == ["f:fn", "g:fn", "1:int"])
    }
}
