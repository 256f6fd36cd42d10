import FoundationEssentials
import Glibc

/// Runs a program with an exact environment and captures its exit status and output.
///
/// Standard input comes from a file (or `/dev/null`) and standard output and error go to files, so a
/// child that writes a lot never blocks on a full pipe and no reader thread is needed.
public enum Subprocess {
    public struct Result: Sendable {
        /// The exit status, or 128 + the signal number when the child was killed by a signal.
        public var status: Int32
        public var stdout: [UInt8]
        public var stderr: String
        /// Standard output decoded as UTF-8.
        public var output: String { String(decoding: stdout, as: UTF8.self) }
    }

    public struct SpawnFailed: Error, CustomStringConvertible {
        public var program: String
        public var code: Int32
        public var description: String { "cannot run \(program): \(String(cString: strerror(code)))" }
    }

    /// A fresh scratch directory under /tmp for one test's files.
    public static func temporaryDirectory() -> URL {
        let url = URL(fileURLWithPath: "/tmp").appendingPathComponent(
            "mdview-tests-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `arguments[0]` (an absolute path) with exactly `environment`, in `directory` when given.
    public static func run(
        _ arguments: [String], stdin: [UInt8]? = nil, environment: [String: String], directory: URL? = nil
    ) throws -> Result {
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inPath = scratch.appendingPathComponent("stdin").path
        let outPath = scratch.appendingPathComponent("stdout").path
        let errPath = scratch.appendingPathComponent("stderr").path
        guard FileManager.default.createFile(atPath: inPath, contents: Data(stdin ?? [])) else {
            throw SpawnFailed(program: arguments.first ?? "", code: errno)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin == nil ? "/dev/null" : inPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // posix_spawn_file_actions_addchdir_np is not visible to Swift: coreutils' `env -C` changes directory.
        let arguments = directory.map { ["/usr/bin/env", "-C", $0.path] + arguments } ?? arguments
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        guard code == 0 else { throw SpawnFailed(program: arguments[0], code: code) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let out = (try? Data(contentsOf: URL(fileURLWithPath: outPath))).map { [UInt8]($0) } ?? []
        let err = (try? Data(contentsOf: URL(fileURLWithPath: errPath))).map { String(decoding: $0, as: UTF8.self) }
        return Result(status: exit, stdout: out, stderr: err ?? "")
    }
}
