import FoundationEssentials
import TestSupport
import Testing

@testable import mdview

/// `--max-size`: documents read whole are refused beyond it with a message naming the size and the
/// flag; the other inputs still render; streamed input is not capped.
@Suite struct DocumentSizeLimitTests {
    @Test(arguments: [
        ("50M", 50 << 20), ("1G", 1 << 30), ("500k", 500 << 10), ("2MiB", 2 << 20), ("1.5G", 3 << 29),
        ("4096", 4096), ("20 MB", 20 << 20), ("1K", 1024),
    ])
    func sizesAreReadInPowersOf1024(text: String, bytes: Int) throws {
        #expect(try DocumentSizeLimit(parsing: text).bytes == bytes)
    }

    @Test(arguments: ["2x", "", "M", "0", "-1", "1023", "65G", "1..5M", "nan", "1e9"])
    func nonSizesAndSizesOutOfRangeAreRefused(text: String) {
        #expect(throws: (any Error).self) { try DocumentSizeLimit(parsing: text) }
    }

    @Test func sizesAreDescribedRoundedUpToATenth() {
        #expect(DocumentSizeLimit.standard.description == "20 MB")
        #expect(DocumentSizeLimit.describe((20 << 20) + 1) == "20.1 MB")
        #expect(DocumentSizeLimit.describe(1536) == "1.5 KB")
        #expect(DocumentSizeLimit.describe(900) == "900 bytes")
        #expect(DocumentSizeLimit.suggestion(for: (20 << 20) + 1) == "21M")
        #expect(DocumentSizeLimit.suggestion(for: 1 << 30) == "1G")
    }

    private func document(bytes: Int, in directory: URL, named name: String) -> String {
        let line = "Some words of a paragraph that goes on.\n"
        let text = String(String(repeating: line, count: bytes / line.utf8.count + 1).prefix(bytes))
        let path = directory.appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    @Test func aFileLargerThanTheLimitIsRefusedAndTheNextStillRenders() throws {
        let dir = MDViewProcess.temporaryDirectory()
        let large = document(bytes: 3000, in: dir, named: "large.md")
        let small = document(bytes: 100, in: dir, named: "small.md")
        let result = try MDViewProcess.run(["--max-size", "2K", "--width", "60", large, small])
        #expect(result.status == 1)
        #expect(result.stderr.contains("large.md: 3 KB is more than the 2 KB a document may have"))
        #expect(result.stderr.contains("--max-size 1M"))
        #expect(result.output.contains("── "))
        #expect(result.output.contains("Some words of a paragraph"))
        let raised = try MDViewProcess.run(["--max-size", "3K", "--width", "60", large])
        #expect(raised.status == 0)
        #expect(raised.stderr.isEmpty)
    }

    @Test func theDefaultLimitIs20MB() throws {
        let dir = MDViewProcess.temporaryDirectory()
        let large = document(bytes: (20 << 20) + 1, in: dir, named: "large.md")
        let result = try MDViewProcess.run([large])
        #expect(result.status == 1)
        #expect(result.stderr.contains("20.1 MB is more than the 20 MB a document may have; --max-size raises it"))
        #expect(result.stdout.isEmpty)
    }

    @Test func standardInputReadWholeIsCapped() throws {
        let dir = MDViewProcess.temporaryDirectory()
        let large = document(bytes: 5000, in: dir, named: "large.md")
        let piped = try MDViewProcess.shell("cat '\(large)' | \"$MDVIEW\" --max-size 4K --stream never")
        #expect(piped.status == 1)
        #expect(piped.stderr.contains("standard input: more than the 4 KB a document may have"))
        let redirected = try MDViewProcess.shell("\"$MDVIEW\" --max-size 4K - < '\(large)'")
        #expect(redirected.status == 1)
        #expect(redirected.stderr.contains("standard input: more than the 4 KB"))
    }

    @Test func standardInputStreamedIsNotCapped() throws {
        let dir = MDViewProcess.temporaryDirectory()
        let large = document(bytes: 5000, in: dir, named: "large.md")
        let streamed = try MDViewProcess.shell("cat '\(large)' | \"$MDVIEW\" --max-size 4K --stream always")
        #expect(streamed.status == 0)
        #expect(streamed.stderr.isEmpty)
        let whole = try MDViewProcess.shell("\"$MDVIEW\" --max-size 8K '\(large)'")
        #expect(streamed.stdout == whole.stdout)
    }

    @Test func aFileStreamedIsCappedLikeAnyFile() throws {
        let dir = MDViewProcess.temporaryDirectory()
        let large = document(bytes: 5000, in: dir, named: "large.md")
        let result = try MDViewProcess.run(["--max-size", "4K", "--stream", "always", large])
        #expect(result.status == 1)
        #expect(result.stderr.contains("large.md: 4.9 KB is more than the 4 KB a document may have"))
    }

    @Test func aBadSizeIsAUsageError() throws {
        let result = try MDViewProcess.run(["--max-size", "lots", "x.md"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--max-size: 'lots' is not a size"))
    }
}
