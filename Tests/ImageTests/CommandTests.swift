import Foundation
import Synchronization
import Testing

@testable import MarkdownCore
@testable import MarkdownImages

/// The real `mdview` binary against the loopback server: separate processes share only the disk cache.
@Suite(.serialized) struct CommandTests {
    /// The binary SwiftPM built next to this test bundle, if any.
    static let executable: String? = {
        let bundle =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: bundle).deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("mdview").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    func mdview(_ arguments: [String], cache: URL, extra: [String: String] = [:]) throws -> (
        status: Int32, stdout: [UInt8]
    ) {
        let result = try mdviewWithErrors(arguments, cache: cache, extra: extra)
        return (result.status, result.stdout)
    }

    func mdviewWithErrors(_ arguments: [String], cache: URL, extra: [String: String] = [:]) throws -> (
        status: Int32, stdout: [UInt8], stderr: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.executable))
        process.arguments = arguments
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": "/tmp", "TERM": "xterm-256color", "XDG_CACHE_HOME": cache.path,
        ]
        .merging(extra) { $1 }
        let out = Pipe()
        let err = temporaryCacheDirectory().path + ".stderr"
        _ = FileManager.default.createFile(atPath: err, contents: nil)
        let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        process.standardOutput = out
        process.standardError = errHandle
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? errHandle.close()
        let stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        return (process.terminationStatus, [UInt8](data), stderr)
    }

    func document(_ body: String) throws -> String {
        let dir = temporaryCacheDirectory()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("doc.md")
        try body.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test(.enabled(if: executable != nil)) func aSecondProcessMakesNoRequestAndEightAtOnceLeaveNoTornEntry() throws {
        let server = TestServer.shared
        let path = "/img/photo.png" + unique()
        let doc = try document("![a](\(server.url(path)))\n\n![b](\(server.url(path)))\n")
        let cache = temporaryCacheDirectory()
        let args = ["--images", "blocks", "--color", "always", "--width", "40", doc]
        let first = try mdview(args, cache: cache)
        #expect(first.status == 0)
        #expect(String(decoding: first.stdout, as: UTF8.self).contains("▀"))
        #expect(server.counts()[path] == 1)
        let second = try mdview(args, cache: cache)
        #expect(second.stdout == first.stdout)
        #expect(server.counts()[path] == 1)

        // Eight processes fetching one new URL at once: every entry left behind is whole.
        let shared = "/img/wide.png" + unique()
        let doc8 = try document("![w](\(server.url(shared)))\n")
        let cache8 = temporaryCacheDirectory()
        let outputs = Mutex<[[UInt8]]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let result = try? mdview(args.dropLast() + [doc8], cache: cache8) {
                outputs.withLock { $0.append(result.stdout) }
            }
        }
        let all = outputs.withLock { $0 }
        #expect(all.count == 8 && Set(all.map { $0 }).count == 1)
        let dir = cache8.appendingPathComponent("mdview/images")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(names.count == 1 && !names[0].hasPrefix(".tmp-"))
        #expect(DiskCache(directory: dir).read(server.url(shared))?.body == Fixtures.bytes("wide.png"))
    }

    @Test(.enabled(if: executable != nil)) func noRemoteAndPipesFallBackToAltText() throws {
        let server = TestServer.shared
        let path = "/img/photo.png" + unique()
        let doc = try document("![remote pic](\(server.url(path)))\n")
        let cache = temporaryCacheDirectory()
        let viaEnv = try mdview(
            ["--images", "blocks", "--color", "always", doc], cache: cache, extra: ["MDVIEW_NO_REMOTE": "1"])
        let viaFlag = try mdview(["--images", "blocks", "--color", "always", "--no-remote", doc], cache: cache)
        let piped = try mdview(["--color", "always", doc], cache: cache)  // auto, stdout not a terminal
        for result in [viaEnv, viaFlag, piped] {
            #expect(result.status == 0)
            #expect(String(decoding: result.stdout, as: UTF8.self).contains("remote pic"))
        }
        #expect(server.counts()[path] == nil)
    }

    @Test(.enabled(if: executable != nil)) func verboseSaysWhyAnImageFellBackAndTheDocumentStillRenders() throws {
        let server = TestServer.shared
        let doc = try document("![gone](missing.png) ![boom](\(server.url("/status/404" + unique()))) after\n")
        let result = try mdviewWithErrors(
            ["--images", "blocks", "--color", "always", "-v", doc], cache: temporaryCacheDirectory())
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("after"))
        #expect(result.stderr.contains("missing.png: not a regular file"))
        #expect(result.stderr.contains("HTTP status 404"))
    }

    @Test(.enabled(if: executable != nil)) func helpListsTheImageFlags() throws {
        let result = try mdview(["--help"], cache: temporaryCacheDirectory())
        let help = String(decoding: result.stdout, as: UTF8.self)
        for flag in [
            "--images", "--no-images", "--image-size", "--no-remote", "--image-timeout", "--image-connect-timeout",
        ] {
            #expect(help.contains(flag), "help lacks \(flag)")
        }
    }
}
