import FoundationEssentials
import Glibc

/// The one way the test targets find and run the built `mdview` binary.
///
/// The binary is the one SwiftPM built next to the test bundle. When it is missing, running it throws
/// `BinaryNotFound`, which fails the test: an end-to-end test never skips silently.
public enum MDViewProcess {
    public typealias Result = Subprocess.Result

    public struct BinaryNotFound: Error, CustomStringConvertible {
        public var searchedFrom: String
        public var description: String {
            "no built mdview binary in \(searchedFrom) or above it: run `swift build` before the tests"
        }
    }

    /// Where the search starts: the directory of the running test bundle.
    static let bundleDirectory: URL = {
        let bundle =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: bundle).deletingLastPathComponent()
    }()

    /// The path of the built binary, or nil when there is none.
    public static let executable: String? = {
        var directory = bundleDirectory
        while true {
            let candidate = directory.appendingPathComponent("mdview").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            if directory.path == "/" { return nil }
            directory.deleteLastPathComponent()
        }
    }()

    /// The path of the built binary; throws (failing the test) when there is none.
    public static func requireExecutable() throws -> String {
        guard let executable else { throw BinaryNotFound(searchedFrom: bundleDirectory.path) }
        return executable
    }

    /// The clean environment every run starts from (nothing of the test runner's leaks in, no config
    /// file is read), with `$MDVIEW` naming the binary for shell scripts. Code is highlighted with the
    /// grammars `make test` installed, as on a user's machine (`installedGrammars`); a test about missing
    /// grammars names its own `MDVIEW_GRAMMAR_PATH`.
    public static func environment(_ extra: [String: String] = [:]) throws -> [String: String] {
        [
            "PATH": "/usr/bin:/bin", "MDVIEW": try requireExecutable(), "HOME": "/tmp", "TERM": "xterm-256color",
            // No config file of the machine's changes what a test sees; config tests name their own.
            "XDG_CONFIG_HOME": "/nonexistent/mdview-tests",
        ]
        .merging(installedGrammars) { $1 }
        .merging(extra) { $1 }
    }

    /// The grammars `make test` installed, named for the command (whose runs have HOME=/tmp, where no
    /// grammar is installed).
    public static var installedGrammars: [String: String] {
        let environment = ProcessInfo.processInfo.environment
        let dataHome = environment["XDG_DATA_HOME"] ?? ((environment["HOME"] ?? "/root") + "/.local/share")
        return ["MDVIEW_GRAMMAR_PATH": environment["MDVIEW_GRAMMAR_PATH"] ?? (dataHome + "/mdview/grammars")]
    }

    /// A fresh scratch directory for one test's files.
    public static func temporaryDirectory() -> URL { Subprocess.temporaryDirectory() }

    /// Runs mdview with `arguments`.
    public static func run(
        _ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:], directory: URL? = nil
    ) throws -> Result {
        try Subprocess.run(
            [try requireExecutable()] + arguments, stdin: stdin.map { Array($0.utf8) },
            environment: try environment(extra), directory: directory)
    }

    /// Runs `script` with `shell -c` (`/bin/sh`, which is dash on Debian, unless a test needs bash), so
    /// a test can use pipes and redirections; `$MDVIEW` names the binary.
    public static func shell(
        _ script: String, shell: String = "/bin/sh", stdin: String? = nil, environment extra: [String: String] = [:],
        directory: URL? = nil
    ) throws -> Result {
        try Subprocess.run(
            [shell, "-c", script], stdin: stdin.map { Array($0.utf8) }, environment: try environment(extra),
            directory: directory)
    }
}
