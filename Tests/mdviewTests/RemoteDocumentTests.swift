import FoundationEssentials
import Glibc
import TestSupport
import Testing

/// `mdview http://…/doc.md`: documents fetched over http from the image tests' loopback server
/// (Tests/ImageTests/Fixtures/image_server.py, whose `/img/NAME` route serves files from a directory).
@Suite struct RemoteDocumentTests {
    let directory = MDViewProcess.temporaryDirectory()

    static let server = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../ImageTests/Fixtures/image_server.py").standardizedFileURL.path

    func serve(_ name: String, _ text: String) {
        #expect(
            FileManager.default.createFile(
                atPath: directory.appendingPathComponent(name).path, contents: Data(text.utf8)))
    }

    /// Runs `command` (with `$BASE` = the server's http://127.0.0.1:PORT) while the server serves
    /// `directory`; the server exits with the script.
    func withServer(_ command: String) throws -> MDViewProcess.Result {
        let script = """
            coproc SERVER { exec python3 '\(Self.server)' '\(directory.path)'; }
            read -r port <&"${SERVER[0]}"
            BASE="http://127.0.0.1:$port"
            \(command)
            # Not the script's last command: bash would exec it, closing the server's stdin (it would exit).
            status=$?
            exit $status
            """
        return try MDViewProcess.shell(script, shell: "/bin/bash")
    }

    @Test func aRemoteDocumentRendersWithLinksAndImagesResolvedAgainstItsURL() throws {
        _ = try Subprocess.run(
            ["/usr/bin/convert", "-size", "8x8", "xc:red", directory.appendingPathComponent("red.png").path],
            environment: [:])
        serve("doc.md", "# Remote\n\nSee [the guide](guide.md).\n\n![red](red.png)\n")
        let result = try withServer(
            "\"$MDVIEW\" --color always --hyperlinks always --images blocks --width 40 \"$BASE/img/doc.md\"; echo \"status=$?\"; echo \"$BASE\""
        )
        let lines = result.output.split(separator: "\n")
        let base = String(lines.last ?? "")
        #expect(result.output.contains("status=0"), "\(result.stderr)")
        #expect(result.output.contains("Remote"))
        #expect(result.output.contains("\u{1B}]8;;\(base)/img/guide.md\u{1B}\\"))
        #expect(result.output.contains("▀"), "the relative image was not loaded from the server")
    }

    @Test func aRemoteDocumentNeverReadsLocalFiles() throws {
        let local = directory.appendingPathComponent("local.png").path
        _ = try Subprocess.run(["/usr/bin/convert", "-size", "8x8", "xc:blue", local], environment: [:])
        serve("doc.md", "![local](\(local))\n\n![file](file://\(local))\n")
        let result = try withServer("\"$MDVIEW\" --color always --images blocks \"$BASE/img/doc.md\"")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.output.contains("▀"), "a remote document showed a local image")
        #expect(result.output.contains("[image: local]"))
    }

    @Test func anHTTPErrorIsAnInputErrorNamingTheURL() throws {
        let result = try withServer("\"$MDVIEW\" \"$BASE/img/missing.md\"; echo \"status=$?\"")
        #expect(result.output == "status=1\n")
        #expect(result.stderr.hasPrefix("mdview: http://127.0.0.1:"))
        #expect(result.stderr.hasSuffix("/img/missing.md: HTTP status 404\n"))
    }

    @Test func otherSchemesAreRefusedClearly() throws {
        let result = try MDViewProcess.run(["ftp://example.com/README.md"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "mdview: ftp://example.com/README.md: cannot fetch documents over ftp: (only http and https URLs, and files)\n"
        )
    }

    @Test func aFileURLReadsTheLocalFile() throws {
        serve("doc.md", "local *text*\n")
        let result = try MDViewProcess.run(["file://" + directory.appendingPathComponent("doc.md").path])
        #expect(result.status == 0)
        #expect(result.output == "local *text*\n")
    }
}
