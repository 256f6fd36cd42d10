import FoundationEssentials
import Glibc

/// Runs the built `mdview` binary with a clean environment and captures what it prints.
struct MDViewProcess {
    struct Result {
        var status: Int32
        var stdout: [UInt8]
        var stderr: String
        var output: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The binary SwiftPM built next to this test bundle.
    static let executable: String = {
        let bundle =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: bundle).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("mdview").path),
            directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("mdview").path
    }()

    /// A scratch directory for one test's files.
    static func temporaryDirectory() -> URL {
        let url = URL(fileURLWithPath: "/tmp").appendingPathComponent(
            "mdview-tests-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs mdview via `/bin/sh -c` so tests can use pipes and redirections; `$MDVIEW` names the binary.
    static func shell(
        _ script: String, stdin: String? = nil, environment: [String: String] = [:], directory: URL? = nil
    ) -> Result {
        var env = ["PATH": "/usr/bin:/bin", "MDVIEW": executable, "HOME": "/tmp", "TERM": "xterm-256color"]
        env.merge(environment) { $1 }
        let tmp = temporaryDirectory()
        let inFile = tmp.appendingPathComponent("stdin")
        let outFile = tmp.appendingPathComponent("stdout")
        let errFile = tmp.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: inFile.path, contents: Data((stdin ?? "").utf8))
        let cd = directory.map { "cd '\($0.path)' && " } ?? ""
        let wrapped =
            "\(cd)(\(script)) <'\(stdin == nil ? "/dev/null" : inFile.path)' >'\(outFile.path)' 2>'\(errFile.path)'"
        let status = run(["/bin/sh", "-c", wrapped], environment: env)
        let out = (try? Data(contentsOf: outFile)).map { [UInt8]($0) } ?? []
        let err = (try? Data(contentsOf: errFile)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        try? FileManager.default.removeItem(at: tmp)
        return Result(status: status, stdout: out, stderr: err)
    }

    private static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        guard posix_spawn(&pid, arguments[0], nil, nil, argv, envp) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
