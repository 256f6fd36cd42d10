import CTreeSitter
import Highlight
import TestSupport
import Testing

@testable import HighlightQuery

/// mdview matches highlight queries with its own engine (`QueryMatcher`) because compiling them with
/// libtree-sitter costs 3–65 ms per language. libtree-sitter's engine is still here, so it is the
/// reference: for every installed language, both engines must find the same matches in real code. This
/// comparison is the engine's contract.
enum QueryOracle {
    /// A match as both engines can describe it: the pattern and its captures as `name@start-end`.
    struct Match: Hashable, CustomStringConvertible {
        var pattern: Int
        var captures: [String]
        var description: String { "#\(pattern) \(captures.joined(separator: " "))" }
    }

    struct Comparison {
        var ours: Set<Match>
        var reference: Set<Match>
        /// Patterns libtree-sitter compiled (the others are not compared).
        var comparedPatterns: Int
    }

    /// Both engines' matches of `query` (read from `source`) in `code`.
    static func compare(
        _ grammar: EngineGrammar, query: CompiledQuery, source: [UInt8], code: String
    ) throws -> Comparison {
        let bytes = Array(code.utf8)
        let tree = try grammar.parse(bytes)
        defer { ts_tree_delete(tree) }
        let root = ts_tree_root_node(tree)

        // The reference: libtree-sitter compiles the patterns mdview kept, in mdview's order; a pattern
        // it rejects (mdview dropped one of its alternatives, say) is left out of the comparison.
        var included = Array(query.patterns.indices)
        var compiled: OpaquePointer?
        var starts: [Int] = []
        while compiled == nil, !included.isEmpty {
            var text: [UInt8] = []
            starts = []
            for index in included {
                starts.append(text.count)
                text += source[query.patterns[index].range]
                text.append(0x0A)
            }
            var offset: UInt32 = 0
            var error = TSQueryErrorNone
            compiled = text.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    ts_query_new(grammar.language, $0, UInt32(buffer.count), &offset, &error)
                }
            }
            if compiled == nil {
                included.remove(at: starts.lastIndex { $0 <= Int(offset) } ?? 0)
            }
        }
        let reference = try #require(compiled)
        defer { ts_query_delete(reference) }

        var referenceMatches = Set<Match>()
        let cursor = ts_query_cursor_new()
        defer { ts_query_cursor_delete(cursor) }
        ts_query_cursor_exec(cursor, reference, root)
        var match = TSQueryMatch()
        bytes.withUnsafeBufferPointer { code in
            while ts_query_cursor_next_match(cursor, &match) {
                let pattern = included[Int(match.pattern_index)]
                var captures: [MatchCapture] = []
                for index in 0..<Int(match.capture_count) {
                    let capture = match.captures[index]
                    var length: UInt32 = 0
                    let name = String(cString: ts_query_capture_name_for_id(reference, capture.index, &length))
                    captures.append(
                        MatchCapture(
                            capture: UInt32(query.captureNames.firstIndex(of: name)!),
                            start: Int32(ts_node_start_byte(capture.node)), end: Int32(ts_node_end_byte(capture.node))))
                }
                let holds = captures.withUnsafeBufferPointer { buffer in
                    query.patterns[pattern].predicates.allSatisfy { $0.holds(captures: buffer, code: code) }
                }
                if holds { referenceMatches.insert(describe(pattern, captures, query)) }
            }
        }

        var ours = Set<Match>()
        let compared = Set(included)
        bytes.withUnsafeBufferPointer { code in
            let tree = FlatTree(root: root, symbols: query.symbols, expectedCount: 0, keepGoing: { true })!
            let matcher = QueryMatcher(query: query, tree: tree, code: code)
            _ = matcher.forEachMatch(keepGoing: { true }) { pattern, captures in
                if compared.contains(pattern) { ours.insert(describe(pattern, Array(captures), query)) }
            }
        }
        return Comparison(
            ours: colouring(ours), reference: colouring(referenceMatches), comparedPatterns: included.count)
    }

    /// The matches as far as colours can tell them apart: a capture repeated within a match counts once,
    /// a match without captures is dropped, and so is a match whose captures another match of the same
    /// pattern holds too (libtree-sitter keeps only the larger of two such matches, for example with and
    /// without an optional last element; the smaller one adds no colour the larger does not).
    static func colouring(_ matches: Set<Match>) -> Set<Match> {
        let deduplicated = matches.map { Match(pattern: $0.pattern, captures: Array(Set($0.captures)).sorted()) }
            .filter { !$0.captures.isEmpty }
        let byPattern = Dictionary(grouping: deduplicated, by: \.pattern)
        return Set(
            deduplicated.filter { match in
                let own = Set(match.captures)
                return !(byPattern[match.pattern] ?? []).contains { other in
                    other.captures.count > own.count && own.isSubset(of: other.captures)
                }
            })
    }

    private static func describe(_ pattern: Int, _ captures: [MatchCapture], _ query: CompiledQuery) -> Match {
        Match(
            pattern: pattern,
            captures: captures.map {
                "\(query.captureNames[Int($0.capture)])@\($0.start)-\($0.end)"
            }.sorted())
    }
}

@Suite struct QueryMatcherOracleTests {
    /// Every language's parse sample and its snippet (`Tests/Snippets`, or its highlighting sample).
    static let cases: [(String, String)] = LanguageCatalog.all.map(\.id).sorted().map { id in
        (id, [parseSamples[id], Snippets.code[id]].compactMap { $0 }.joined(separator: "\n"))
    }

    /// Languages whose query names a supertype (see `matchesWhatLibtreeSitterMatches`).
    static let supertypeQueries: Set<String> = ["fsharp"]

    @Test(arguments: cases)
    func matchesWhatLibtreeSitterMatches(language id: String, code: String) throws {
        let grammar = try EngineGrammar.require(id)
        let query = try grammar.installedQuery()
        let comparison = try QueryOracle.compare(grammar, query: query, source: grammar.querySource, code: code)
        #expect(comparison.comparedPatterns * 2 >= query.patternsKept, "too few patterns compared")
        #expect(!comparison.reference.isEmpty)
        let missing = comparison.reference.subtracting(comparison.ours)
        let extra = comparison.ours.subtracting(comparison.reference)
        let expectNoneMissed = {
            #expect(
                missing.isEmpty,
                "\(id): matches mdview missed: \(missing.sorted { $0.description < $1.description }.prefix(8))")
        }
        if Self.supertypeQueries.contains(id) {
            // The engine drops an alternative naming a supertype (a hidden node type such as F#'s
            // `(_type)`), which libtree-sitter matches through its subtypes.
            withKnownIssue("supertype patterns are not matched") { expectNoneMissed() }
        } else {
            expectNoneMissed()
        }
        #expect(
            extra.isEmpty,
            "\(id): matches only mdview found: \(extra.sorted { $0.description < $1.description }.prefix(8))")
    }

    /// Query features the installed queries barely use, against libtree-sitter on real Python.
    @Test func siblingGroupsAnchorsAndNegatedFieldsMatchWhatLibtreeSitterMatches() throws {
        let python = try EngineGrammar.require("python")
        let query = #"""
            ((comment) @doc . (function_definition name: (identifier) @documented))
            ((decorator) @decorator (function_definition) @decorated)
            (call function: (identifier) @callee . (argument_list . (_) @first_argument))
            (module . (_) @first_statement)
            (block (_) @last_statement .)
            (function_definition !return_type name: (identifier) @untyped)
            [(true) (false)] @boolean
            """#
        let compiled = try python.compile(query)
        #expect(compiled.patternsKept == 7)
        let code = """
            # helps
            def f(x) -> int:
                print(x, True)
                return x

            @cache
            def g(y):
                h(y)(False)
                pass
            # not a doc
            x = 1
            """
        let comparison = try QueryOracle.compare(python, query: compiled, source: Array(query.utf8), code: code)
        #expect(comparison.comparedPatterns == 7)
        #expect(comparison.reference.count >= 8)
        #expect(
            comparison.ours == comparison.reference,
            "missing \(comparison.reference.subtracting(comparison.ours)), extra \(comparison.ours.subtracting(comparison.reference))"
        )
    }
}
