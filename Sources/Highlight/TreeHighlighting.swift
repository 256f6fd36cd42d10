import CTreeSitter
import Glibc
import GrammarStore
import HighlightQuery
import MarkdownCore

/// One highlight run: parse `code` with the language's grammar within a CPU-time budget, copy the tree
/// for matching, and let the language's query (the `HighlightQuery` engine) match it and resolve
/// overlaps. Uses its own parser and matcher, so runs on different threads share only the immutable
/// grammar and query.
enum TreeHighlighting {
    /// The tokens of `code`, or why there are none, from a fresh parse. The parser and tree are freed
    /// afterwards on `background`.
    static func tokens(
        code: [UInt8], language: LoadedLanguage, timeoutMicros: UInt64, background: BackgroundWork
    ) -> Result<[SyntaxToken], HighlightError> {
        let timedOut = HighlightError.timedOut(
            language: language.descriptor.id, bytes: code.count, milliseconds: Int(timeoutMicros / 1000))
        guard !code.isEmpty else { return .success([]) }
        guard code.count < Int(UInt32.max) else { return .failure(timedOut) }
        // A query known to be unusable spares the parse.
        if case .failure(let error)? = language.queryIfRead { return .failure(error) }
        language.readQueryAhead(codeSize: code.count)
        let prelude = language.descriptor.prelude(before: code)
        if !prelude.isEmpty {
            return tokens(
                code: prelude + code, language: language, timeoutMicros: timeoutMicros, background: background
            )
            .map { $0.compactMap { $0.shifted(by: -prelude.count) } }
        }
        // The budget is this thread's CPU time, not the clock: on a busy machine a thread can wait for a
        // core longer than the budget, and a block must not lose its colours for that.
        let budget = CPUBudget(microseconds: timeoutMicros)
        let parsed = code.withUnsafeBufferPointer { buffer in
            parse(buffer, language: language, budget: budget)
        }
        defer { release(tree: parsed, codeSize: code.count, on: background) }
        guard let tree = parsed else { return .failure(timedOut) }
        // The query may still be being read on another thread (first use of the language).
        let query: CompiledQuery
        switch language.query {
        case .success(let read): query = read
        case .failure(let error): return .failure(error)
        }
        let tokens = code.withUnsafeBufferPointer {
            match(tree, of: $0, language: language, query: query, budget: budget)
        }
        return tokens.map { .success($0) } ?? .failure(timedOut)
    }

    /// The tokens `query` finds in `tree`, parsed from `code`, or nil once `budget` is spent: the tree
    /// copied for matching (`FlatTree`), then matched.
    static func match(
        _ tree: OpaquePointer, of code: UnsafeBufferPointer<UInt8>, language: LoadedLanguage, query: CompiledQuery,
        budget: CPUBudget
    ) -> [SyntaxToken]? {
        let keepGoing = { !budget.isSpent }
        // About one node per three bytes of code in the grammars measured.
        guard
            let flat = FlatTree(
                root: ts_tree_root_node(tree), symbols: language.symbols, expectedCount: code.count / 3 + 16,
                keepGoing: keepGoing)
        else { return nil }
        return query.tokens(in: flat, code: code, from: 0, keepGoing: keepGoing)
    }

    /// Parses `code` with the language's grammar within `budget`; the caller owns the tree. `parser`, when
    /// given, is used instead of a new one.
    ///
    /// libtree-sitter's own time-out is wall-clock: it is set to twice what is left of the CPU budget,
    /// and a parse it stops while CPU time is left (the thread waited for a core on a busy machine) is
    /// started again with twice the allowance, until the budget is spent. Started again, never resumed:
    /// libtree-sitter 0.20 (Debian 12's) crashes resuming a parse after a time-out with some grammars
    /// (Rust's and Lua's, in `ts_subtree_release`: a C program resuming a 1,200-line Rust parse every 50 µs
    /// crashes at once), which mdview's parses, resumed every 20 ms, did streaming a Lua block under
    /// valgrind's slowdown.
    static func parse(
        _ code: UnsafeBufferPointer<UInt8>, language: LoadedLanguage, budget: CPUBudget,
        parser given: OpaquePointer? = nil
    ) -> OpaquePointer? {
        guard let base = code.baseAddress, let parser = given ?? ts_parser_new() else { return nil }
        defer { if given == nil { ts_parser_delete(parser) } }
        // Setting the language resets the parser: a parser kept for the next redraw starts afresh.
        ts_parser_set_language(parser, language.grammar.language)
        var allowance: UInt64 = 2
        while case let remaining = budget.remainingMicroseconds, remaining > 0 {
            ts_parser_set_timeout_micros(parser, remaining &* allowance)
            let parsed = base.withMemoryRebound(to: CChar.self, capacity: code.count) {
                ts_parser_parse_string(parser, nil, $0, UInt32(code.count))
            }
            if let parsed { return parsed }
            ts_parser_reset(parser)
            allowance = min(allowance * 2, 1 << 20)
        }
        return nil
    }

    /// Code from this size on has its tree freed in the background: freeing a large tree takes a while
    /// and nothing waits for it, while a small one frees faster than a thread can be started for it.
    static let backgroundReleaseBytes = 4096

    /// Frees the tree: here for small code, on `background` for large code.
    private static func release(tree: OpaquePointer?, codeSize: Int, on background: BackgroundWork) {
        guard let tree else { return }
        let doomed = Doomed(tree: tree)
        if codeSize < backgroundReleaseBytes {
            doomed.free()
        } else {
            background.start { doomed.free() }
        }
    }

    /// A tree handed to another thread to be freed; nothing else uses it any more. `@unchecked` because
    /// C pointers are not `Sendable`: ownership moves with the value, and the thread that hands it over
    /// never touches the pointer again.
    private struct Doomed: @unchecked Sendable {
        var tree: OpaquePointer

        func free() { ts_tree_delete(tree) }
    }
}

/// A budget of the calling thread's CPU time.
///
/// Reading a thread's CPU clock is a system call, a sixth of a growing block's provisional highlight of
/// its last lines; reading the monotonic clock is not (vDSO). A thread uses no more CPU time than the
/// clock passes, so before the clock passes half the budget, neither has the CPU time, and most
/// highlights end before that without reading the CPU clock. At the first check past half, it is read
/// and the first half counted as though it had all been CPU time: from there on, the time used is half
/// the budget plus the CPU time since (or the clock's, when lower). A thread that waits for a core gets
/// at least half the budget in CPU time, and one that does not, the budget.
///
/// A class, so the closures that check it share that reading.
final class CPUBudget {
    private let nanoseconds: UInt64
    private let clockStart: UInt64
    /// The CPU clock at the first check past half the budget.
    private var cpuFromHalf: UInt64?

    init(microseconds: UInt64) {
        nanoseconds = microseconds &* 1000
        clockStart = Self.now(CLOCK_MONOTONIC)
    }

    var isSpent: Bool { usedNanoseconds > nanoseconds }

    /// What is left of the budget, in microseconds (0 once it is spent).
    var remainingMicroseconds: UInt64 {
        let used = usedNanoseconds
        return used >= nanoseconds ? 0 : (nanoseconds - used) / 1000
    }

    /// The clock's time since the start while below half the budget; past it, the lower of that and
    /// half the budget plus the CPU time since the first check past half.
    private var usedNanoseconds: UInt64 {
        let clock = Self.now(CLOCK_MONOTONIC) &- clockStart
        let half = nanoseconds / 2
        guard clock > half else { return clock }
        let cpu = Self.now(CLOCK_THREAD_CPUTIME_ID)
        let from = cpuFromHalf ?? cpu
        cpuFromHalf = from
        return min(clock, half &+ (cpu &- from))
    }

    private static func now(_ clock: clockid_t) -> UInt64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
