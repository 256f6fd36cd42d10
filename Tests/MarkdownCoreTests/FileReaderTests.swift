import Glibc
import Testing

@testable import MarkdownCore

/// The one reader: a read that only a regular file will do never waits for input, since a file that
/// procfs reports as regular may block for ever (`/proc/kmsg`).
@Suite struct FileReaderTests {
    @Test func aDescriptorWithNothingToReadYetIsRefusedWhereOnlyAFileWillDo() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        // The writer stays open and silent, as a blocking "regular" file behaves.
        #expect(throws: FileReadError.wouldBlock(path: "kmsg")) {
            try FileReader.readAll(fd: ends[0], name: "kmsg", limit: 1 << 20, waitsForInput: false)
        }
    }

    /// procfs reports `/proc/kmsg` as a regular file: the message says what it does instead.
    @Test func aFileThatWouldBlockIsNotCalledIrregular() {
        let message = FileReadError.wouldBlock(path: "/proc/kmsg").description
        #expect(message == "/proc/kmsg: has nothing to read without waiting for input (a device or kernel file?)")
    }

    @Test func aDescriptorWithInputIsReadToItsEndWithoutWaiting() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        let text: [UInt8] = Array("--width 20\n".utf8)
        _ = text.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        #expect(try FileReader.readAll(fd: ends[0], name: "config", waitsForInput: false) == text)
    }

    @Test func aFIFOWithASilentWriterIsRefusedWithoutWaiting() throws {
        let path = "/tmp/mdview-fifo-\(UInt32.random(in: 0...UInt32.max))"
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let held = open(path, O_RDWR | O_NONBLOCK)
        defer { close(held) }
        #expect(throws: FileReadError.notRegularFile(path: path)) {
            try FileReader.read(path: path, limit: 1 << 20, regularFilesOnly: true)
        }
    }
}
