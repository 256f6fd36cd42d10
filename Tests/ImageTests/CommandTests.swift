import Foundation
import TestSupport
import Testing

@testable import MarkdownCore
@testable import MarkdownImages

/// The real `mdview` binary against the loopback server: separate processes share only the disk cache.
@Suite(.serialized) struct CommandTests {
    /// mdview with a private disk cache; throws (failing the test) when the binary was not built.
    func mdview(_ arguments: [String], cache: URL, extra: [String: String] = [:]) throws -> MDViewProcess.Result {
        try MDViewProcess.run(arguments, environment: ["XDG_CACHE_HOME": cache.path].merging(extra) { $1 })
    }

    func document(_ body: String) throws -> String {
        try temporaryDocument(body)
    }

    @Test func aSecondProcessMakesNoRequestAndEightAtOnceLeaveNoTornEntry() throws {
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
        let outputs = LockedList<[UInt8]>()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let result = try? mdview(args.dropLast() + [doc8], cache: cache8) {
                outputs.append(result.stdout)
            }
        }
        let all = outputs.values
        #expect(all.count == 8 && Set(all.map { $0 }).count == 1)
        let dir = cache8.appendingPathComponent("mdview/images")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(names.count == 1 && !names[0].hasPrefix(".tmp-"))
        #expect(DiskCache(directory: dir).read(server.url(shared))?.body == Fixtures.bytes("wide.png"))
    }

    /// The text before a slow image reaches the output while the image is still loading: the process is
    /// still waiting for it (60 s away, within a 120 s budget) when the first paragraph arrives.
    @Test func textBeforeASlowImageIsWrittenWhileTheImageIsStillLoading() throws {
        let slow = TestServer.shared.url("/delay/60000/photo.png?progressive-\(UUID().uuidString)")
        let path = try document("First paragraph.\n\n![slow](\(slow))\n\nAfter the image.\n")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try MDViewProcess.requireExecutable())
        process.arguments = [
            "--no-config", "--images", "blocks", "--color", "always", "--image-budget", "120", "--image-timeout", "60",
            "--image-connect-timeout", "60",
            path,
        ]
        process.environment = try MDViewProcess.environment(["XDG_CACHE_HOME": temporaryCacheDirectory().path])
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        defer {
            // Nothing more is needed from it, and it would go on waiting for the slow image.
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        var received: [UInt8] = []
        while !String(decoding: received, as: UTF8.self).contains("First paragraph") {
            // What the pipe holds now (`read(upToCount:)` would wait for the count or the end).
            let chunk = out.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            received += chunk
        }
        #expect(String(decoding: received, as: UTF8.self).contains("First paragraph"))
        #expect(!String(decoding: received, as: UTF8.self).contains("After the image"))
        #expect(process.isRunning)
    }

    @Test func noRemoteAndPipesFallBackToAltText() throws {
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

    @Test func verboseSaysWhyAnImageFellBackAndTheDocumentStillRenders() throws {
        let server = TestServer.shared
        let doc = try document("![gone](missing.png) ![boom](\(server.url("/status/404" + unique()))) after\n")
        let result = try mdview(
            ["--images", "blocks", "--color", "always", "-v", doc], cache: temporaryCacheDirectory())
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("after"))
        #expect(result.stderr.contains("missing.png: no such file"))
        #expect(result.stderr.contains("HTTP status 404"))
    }

    /// A paragraph of three SVG badges from the server, as a README opens.
    func badgeDocument() throws -> String {
        let server = TestServer.shared
        let links = (1...3).map { "[![b\($0)](\(server.url("/img/badge-build-passing.svg" + unique())))](https://x)" }
        return try document("intro\n\n" + links.joined(separator: " ") + "\n\nafter\n")
    }

    @Test func aRowOfSVGBadgesIsOneSixelRowAndTextBadgesWithoutImages() throws {
        let doc = try badgeDocument()
        let cache = temporaryCacheDirectory()
        let sixel = try mdview(["--images", "sixel", "--width", "60", doc], cache: cache)
        let drawn = String(decoding: sixel.stdout, as: UTF8.self)
        #expect(drawn.components(separatedBy: "\u{1B}P").count == 2)  // one graphic for the row
        #expect(drawn.contains("\u{1B}[1A\u{1B}[1G\u{1B}7\u{1B}P"))  // one line high
        #expect(!drawn.contains("[b1]"))
        for mode in [["--no-images"], ["--images", "blocks"]] {
            let text = try mdview(mode + ["--color", "never", "--width", "60", doc], cache: cache)
            let lines = String(decoding: text.stdout, as: UTF8.self).split(separator: "\n")
            #expect(lines.contains { $0.contains("[b1] [b2] [b3]") }, "\(mode)")
            #expect(!text.stdout.contains(0x1B))
        }
    }

    @Test func aRenderedSVGIsKeptInTheDiskCacheAndTheNextRunNeedsNoLibrsvg() throws {
        let doc = try badgeDocument()
        let cache = temporaryCacheDirectory()
        let first = try mdview(["--images", "sixel", "--width", "60", doc], cache: cache)
        // librsvg "missing" on the second run: the pictures come from the cache.
        let second = try mdview(
            ["--images", "sixel", "--width", "60", "-v", doc], cache: cache,
            extra: ["MDVIEW_SVG_LIBRARY": "/nonexistent/librsvg-2.so.2"])
        #expect(first.stdout.contains(0x1B) && second.stdout == first.stdout)
        #expect(!second.stderr.contains("librsvg"))
    }

    @Test func halfBlocksShowBadgesAsTextWithoutLoadingThem() throws {
        let server = TestServer.shared
        let path = "/img/badge-build-passing.svg" + unique()
        let doc = try document("[![b1](\(server.url(path)))](https://x) and text\n")
        let result = try mdview(["--images", "blocks", "--color", "never", doc], cache: temporaryCacheDirectory())
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("[b1] and text"))
        #expect(server.counts()[path] == nil)
    }

    @Test func withoutLibrsvgSVGBadgesFallBackToTextAndVerboseSaysWhy() throws {
        let result = try mdview(
            ["--images", "sixel", "--color", "never", "-v", try badgeDocument()], cache: temporaryCacheDirectory(),
            extra: ["MDVIEW_SVG_LIBRARY": "/nonexistent/librsvg-2.so.2"])
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("[b1] [b2] [b3]"))
        #expect(!result.stdout.contains(0x1B))
        #expect(result.stderr.contains("SVG needs librsvg (Debian: librsvg2-2): /nonexistent/librsvg-2.so.2 not found"))
    }

    @Test func anExplicitImageModeIsHonouredIntoAPipeAndWithColorNever() throws {
        let doc = try document("Before.\n\n![pic](\(Fixtures.path("photo.png")))\n\nAfter *this*.\n")
        let cache = temporaryCacheDirectory()
        for arguments in [["--images", "blocks"], ["--images", "blocks", "--color", "never"]] {
            let result = try mdview(arguments + ["--width", "40", doc], cache: cache)
            let output = String(decoding: result.stdout, as: UTF8.self)
            #expect(result.status == 0)
            #expect(output.contains("▀"), "\(arguments)")
            #expect(!output.contains("pic"), "\(arguments)")
            // The text stays plain: markers, no escape sequence on its lines.
            let textLines = output.split(separator: "\n").filter { !$0.contains("▀") }
            #expect(textLines.contains("After *this*."), "\(arguments)")
            #expect(!textLines.contains { $0.contains("\u{1B}") }, "\(arguments)")
        }
        let sixel = try mdview(["--images", "sixel", "--color", "never", doc], cache: cache)
        #expect(sixel.stdout.contains(0x1B) && String(decoding: sixel.stdout, as: UTF8.self).contains("\u{1B}P"))
        let auto = try mdview([doc], cache: cache)
        #expect(!auto.stdout.contains(0x1B))
        #expect(String(decoding: auto.stdout, as: UTF8.self).contains("pic"))
    }

    /// mdview on a pseudo-terminal that answers as `mode` says (Fixtures/pty_terminal.py): everything
    /// mdview wrote to the terminal, standard error included.
    func onTerminal(
        _ mode: String, _ arguments: [String], extra: [String: String] = [:], program: String? = nil
    ) throws -> String {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/pty_terminal.py").path
        let environment = try MDViewProcess.environment(["XDG_CACHE_HOME": temporaryCacheDirectory().path])
        let result = try Subprocess.run(
            ["/usr/bin/env", "python3", script, mode, try program ?? MDViewProcess.requireExecutable()] + arguments,
            environment: environment.merging(extra) { $1 })
        #expect(result.status == 0, "\(result.stderr)")
        return String(decoding: result.stdout, as: UTF8.self)
    }

    @Test func autoDetectionOnATerminalThatAnswersTheKittyQueryDrawsKittyGraphics() throws {
        let doc = try document("![pic](\(Fixtures.path("photo.png")))\n\nafter\n")
        let cursor = try onTerminal("kitty", ["-v", doc])
        #expect(cursor.contains("images: kitty: the terminal answered the kitty graphics query"))
        #expect(cursor.contains("\u{1B}_Ga=T,C=1,q=2,c=7,r=3,f=32,s=70,v=60,m=1;"))
        let placeholders = try onTerminal("kitty", [doc], extra: ["TERM": "xterm-kitty"])
        #expect(placeholders.contains("\u{1B}_Ga=T,U=1,i="))
        #expect(placeholders.unicodeScalars.filter { $0 == "\u{10EEEE}" }.count == 7 * 3)
    }

    @Test func autoDetectionOnATerminalThatAnswersOnlyDA1DrawsSixelOrHalfBlocks() throws {
        let doc = try document("![pic](\(Fixtures.path("photo.png")))\n\nafter\n")
        let sixel = try onTerminal("sixel", ["-v", doc])
        #expect(sixel.contains("images: sixel: the terminal lists sixel in its DA1 reply"))
        #expect(sixel.contains("\u{1B}Pq") || sixel.contains("\u{1B}P0;"))
        let blocks = try onTerminal("da1", ["-v", doc])
        #expect(blocks.contains("images: blocks: the terminal answered no graphics query"))
        #expect(blocks.contains("▀") && !blocks.contains("\u{1B}_Ga=T"))
    }

    @Test func autoDetectionOnASilentTerminalFallsBackToHalfBlocksAndStillRenders() throws {
        let doc = try document("![pic](\(Fixtures.path("photo.png")))\n\nafter\n")
        let output = try onTerminal("silent", ["-v", doc])
        #expect(output.contains("images: blocks: the terminal did not answer within a second"))
        #expect(output.contains("▀") && output.contains("after"))
    }

    /// mdview inside a tmux server of the test's own (its own socket and configuration), whose client
    /// runs on a silent pseudo-terminal: what reached that outer terminal.
    func insideTmux(passthrough: Bool, _ arguments: [String]) throws -> String {
        let directory = temporaryCacheDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configuration = directory.appendingPathComponent("tmux.conf")
        try "set -g allow-passthrough \(passthrough ? "on" : "off")\n".write(
            to: configuration, atomically: true, encoding: .utf8)
        let socket = directory.appendingPathComponent("socket").path
        let command = ([try MDViewProcess.requireExecutable()] + arguments).joined(separator: " ")
        return try onTerminal(
            "silent", ["-S", socket, "-f", configuration.path, "new-session", "\(command) 2>&1; sleep 1"],
            program: "/usr/bin/tmux")
    }

    @Test func insideTmuxWithPassthroughKittyPicturesReachTheOuterTerminalAsPlaceholders() throws {
        let doc = try document("![pic](\(Fixtures.path("photo.png")))\n\nafter\n")
        let outer = try insideTmux(passthrough: true, ["--images", "kitty", "--width", "30", doc])
        // tmux unwrapped the passthrough: the outer terminal got the kitty command itself.
        #expect(outer.contains("\u{1B}_Ga=T,U=1,i="))
        #expect(outer.unicodeScalars.contains("\u{10EEEE}"))
    }

    @Test func insideTmuxWithoutPassthroughAutoDrawsHalfBlocksAndSaysWhy() throws {
        let doc = try document("![pic](\(Fixtures.path("photo.png")))\n\nafter\n")
        let outer = try insideTmux(passthrough: false, ["-v", "--width", "30", doc])
        #expect(outer.contains("allow-passthrough is off"))
        #expect(outer.contains("▀") && !outer.contains("\u{1B}_G"))
    }

    /// A `HOME` that names nothing gets no home made for it: the picture is drawn without a disk cache.
    @Test func aHomeThatDoesNotExistIsNotCreatedForTheCache() throws {
        let parent = temporaryCacheDirectory()
        let home = parent.appendingPathComponent("missing/home")
        let doc = try document("![a](\(TestServer.shared.url("/img/photo.png" + unique())))\n")
        let result = try MDViewProcess.run(
            ["--images", "blocks", "--color", "always", "--width", "40", doc], environment: ["HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("▀"))
        #expect(!FileManager.default.fileExists(atPath: parent.path))
    }

    @Test func anExistingHomeGetsTheCacheDirectoriesBelowIt() throws {
        let home = temporaryCacheDirectory()
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let doc = try document("![a](\(TestServer.shared.url("/img/photo.png" + unique())))\n")
        let result = try MDViewProcess.run(
            ["--images", "blocks", "--color", "always", "--width", "40", doc], environment: ["HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(
            atPath: home.appendingPathComponent(".cache/mdview/images").path)
        #expect(names.count == 1)
    }

    @Test func helpListsTheImageFlags() throws {
        let result = try mdview(["--help"], cache: temporaryCacheDirectory())
        let help = String(decoding: result.stdout, as: UTF8.self)
        for flag in [
            "--images", "--no-images", "--image-size", "--no-remote", "--image-timeout", "--image-connect-timeout",
            "--image-budget", "kitty", "iterm",
        ] {
            #expect(help.contains(flag), "help lacks \(flag)")
        }
    }
}
