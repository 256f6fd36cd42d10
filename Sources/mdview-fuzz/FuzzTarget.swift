import MarkdownCore
import MarkdownFuzzing

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a line to standard error (unbuffered, so that it is out before an abort).
private func printError(_ line: String) {
    var text = line
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

/// The three targets: `render` (one-shot, the default), `stream` (the same input fed in pieces to a
/// `MarkdownStream`) and `query` (the input read as a highlight query), chosen by `MDVIEW_FUZZ_TARGET`.
private enum Target {
    case render(FuzzHarness)
    case stream(StreamFuzzHarness)
    case query(QueryFuzzHarness)

    /// The target `MDVIEW_FUZZ_TARGET` names; its harness made once, so grammars load once, as in a real run.
    static func chosen() -> Target {
        guard let name = getenv("MDVIEW_FUZZ_TARGET").map({ String(cString: $0) }), name != "render" else {
            return .render(FuzzHarness())
        }
        switch name {
        case "stream":
            return .stream(StreamFuzzHarness())
        case "query":
            do {
                return .query(try QueryFuzzHarness())
            } catch {
                printError("mdview-fuzz: the query target needs the JSON grammar: \(error)\n")
                exit(2)
            }
        default:
            printError("mdview-fuzz: MDVIEW_FUZZ_TARGET must be render, stream or query, not \(name)\n")
            exit(2)
        }
    }

    func violations(_ bytes: [UInt8]) -> [RenderInvariants.Violation] {
        switch self {
        case .render(let harness): harness.violations(FuzzCase(bytes: bytes))
        case .stream(let harness): harness.violations(FuzzCase(bytes: bytes))
        case .query(let harness): harness.violations(bytes)
        }
    }
}

private let target = Target.chosen()

/// libFuzzer's entry point: render one input and stop the process (so that libFuzzer keeps the input)
/// when an invariant breaks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let violations = target.violations(bytes)
    guard violations.isEmpty else {
        for violation in violations { printError("mdview-fuzz: \(violation)\n") }
        abort()
    }
    return 0
}

#if MDVIEW_FUZZ
    /// libFuzzer's driver, linked in by `-sanitize=fuzzer`; this target keeps its own `main` so that it also
    /// builds (as a replayer) without the fuzzer.
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32
#endif

/// `mdview-fuzz`: built with `-sanitize=fuzzer,address -DMDVIEW_FUZZ` (`make fuzz`) it is a libFuzzer
/// target taking libFuzzer's arguments; built plainly it replays the files it is given and exits 1 when
/// one breaks an invariant.
@main struct MDViewFuzz {
    static func main() {
        #if MDVIEW_FUZZ
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(runFuzzerDriver(&argc, &argv, fuzzOneInput))
        #else
            var failed = false
            for path in CommandLine.arguments.dropFirst() {
                do {
                    let violations = target.violations(try FileReader.read(path: path))
                    for violation in violations { printError("mdview-fuzz: \(path): \(violation)\n") }
                    failed = failed || !violations.isEmpty
                } catch {
                    printError("mdview-fuzz: \(error)\n")
                    failed = true
                }
            }
            exit(failed ? 1 : 0)
        #endif
    }
}
