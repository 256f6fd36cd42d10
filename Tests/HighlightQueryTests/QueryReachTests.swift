import CTreeSitter
import Testing

@testable import HighlightQuery

/// `CompiledQuery.reach`: how deep below a node the matches starting there depend on which children a
/// node has. A growing block leaves out children deeper than that (`NestedCheckpoint`), so an answer too
/// small would change colours.
@Suite struct QueryReachTests {
    private func reach(_ query: String, at node: String) throws -> Int? {
        let python = try EngineGrammar.require("python")
        let symbol = ts_language_symbol_for_name(python.language, node, UInt32(node.utf8.count), true)
        return try python.compile(query).reach(symbol: symbol, named: true)
    }

    @Test func aChainOfSingleChildrenDependsOnNoSiblings() throws {
        #expect(try reach("(block (expression_statement (string) @doc))", at: "block") == 0)
    }

    @Test func twoChildrenMakeTheChildrenOfTheNodeMatter() throws {
        #expect(try reach("(call function: (identifier) @f arguments: (argument_list))", at: "call") == 1)
    }

    @Test func anAnchorMakesTheChildrenOfTheNodeMatter() throws {
        #expect(try reach("(block . (expression_statement) @first)", at: "block") == 1)
    }

    @Test func aRepeatedChildMakesTheChildrenOfTheNodeMatter() throws {
        #expect(try reach("(block (expression_statement)+ @all)", at: "block") == 1)
    }

    @Test func siblingsThatMatterDeeperDownCountFromTheNode() throws {
        #expect(
            try reach("(class_definition body: (block . (expression_statement) @doc))", at: "class_definition") == 2)
    }

    @Test func aPredicateReadsTheWholeDepthOfThePattern() throws {
        let query = "((class_definition body: (block (expression_statement) @x)) (#match? @x \"^a\"))"
        #expect(try reach(query, at: "class_definition") == 2)
    }

    @Test func aPatternThatCanStartAnywhereCountsAtEveryNode() throws {
        #expect(try reach("(_ (identifier) @x)", at: "block") == 0)
        #expect(try reach("(_ function: (identifier) @f arguments: (argument_list))", at: "block") == 1)
        #expect(try reach("(_ function: (identifier) @f arguments: (argument_list)) (block) @b", at: "block") == 1)
    }

    @Test func aSequenceOfSiblingsAtTheTopMakesTheReachUnknown() throws {
        #expect(try reach("((identifier) @a . (identifier) @b)", at: "block") == nil)
    }

    @Test func aNodeNoPatternStartsAtHasNoReach() throws {
        #expect(try reach("(call function: (identifier) @f arguments: (argument_list))", at: "block") == 0)
    }
}

/// `CompiledQuery.matchesEachChildAlone`: whether the matches starting at a node each go through one
/// child only, so that a growing block matches the node again with its changed children alone.
@Suite struct EachChildAloneTests {
    private func alone(_ query: String, at node: String) throws -> Bool {
        let python = try EngineGrammar.require("python")
        let symbol = ts_language_symbol_for_name(python.language, node, UInt32(node.utf8.count), true)
        return try python.compile(query).matchesEachChildAlone(symbol: symbol, named: true)
    }

    @Test func aChainThatMayStartAtAnyNodeGoesThroughOneChild() throws {
        #expect(try alone("(_ function: (identifier) @f) (block (expression_statement) @s)", at: "block"))
    }

    @Test func aPatternThatMayStartAtAnyNodeAndNamesTwoChildrenDoesNot() throws {
        #expect(try !alone("(_ function: (identifier) @f arguments: (argument_list) @a)", at: "block"))
    }

    @Test func aPatternCapturingItsNodeDoesNot() throws {
        #expect(try !alone("(block (expression_statement)) @b", at: "block"))
    }
}
