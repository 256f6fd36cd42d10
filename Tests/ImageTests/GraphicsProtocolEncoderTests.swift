import Foundation
import Testing

@testable import MarkdownCore
@testable import MarkdownImages

/// The kitty and iTerm2 encoders' output decoded back: base64 to pixels, PNG to its size, checked
/// against what the sizer chose and the cells layout reserved.
@Suite struct GraphicsProtocolEncoderTests {
    /// One kitty graphics command: its control keys and its base64 chunk.
    struct KittyCommand {
        var keys: [String: String]
        var chunk: [UInt8]
    }

    /// Splits a payload into its `ESC _ G keys ; chunk ESC \` commands (unwrapping tmux passthrough
    /// first when `tmux`), failing on any byte outside a command.
    static func kittyCommands(_ payload: [UInt8], tmux: Bool = false) throws -> [KittyCommand] {
        var bytes = payload
        if tmux { bytes = try unwrapTmux(payload) }
        var commands: [KittyCommand] = []
        var i = 0
        while i < bytes.count {
            try #require(
                Array(bytes[i..<min(bytes.count, i + 3)]) == [0x1B, 0x5F, 0x47], "not a kitty command at \(i)")
            let semicolon = try #require(bytes[i...].firstIndex(of: 0x3B))
            var end = semicolon
            while !(bytes[end] == 0x1B && bytes[end + 1] == 0x5C) { end += 1 }
            let control = String(decoding: bytes[(i + 3)..<semicolon], as: UTF8.self)
            var keys: [String: String] = [:]
            for pair in control.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                keys[String(parts[0])] = String(parts[1])
            }
            commands.append(KittyCommand(keys: keys, chunk: Array(bytes[(semicolon + 1)..<end])))
            i = end + 2
        }
        return commands
    }

    /// The sequences inside `ESC P tmux; … ESC \` wrappers, ESC undoubled.
    static func unwrapTmux(_ bytes: [UInt8]) throws -> [UInt8] {
        let prefix: [UInt8] = [0x1B, 0x50] + Array("tmux;".utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            try #require(Array(bytes[i..<min(bytes.count, i + prefix.count)]) == prefix, "not wrapped at \(i)")
            i += prefix.count
            while true {
                if bytes[i] == 0x1B && bytes[i + 1] == 0x1B {
                    out.append(0x1B)
                    i += 2
                } else if bytes[i] == 0x1B && bytes[i + 1] == 0x5C {
                    i += 2
                    break
                } else {
                    out.append(bytes[i])
                    i += 1
                }
            }
        }
        return out
    }

    /// photo800.png sized for 60 columns of 10 × 20 pixels, as `DecodedTerminalImage` does.
    func sized() throws -> (PixelImage, PixelSize, CellFootprint) {
        let image = try ImageDecoder().decode(Fixtures.bytes("photo800.png"))
        let context = SizingContext(availableColumns: 60, cellWidth: 10, cellHeight: 20)
        let size = AspectScaleDownByWidth().displaySize(
            for: "x", natural: PixelSize(width: image.width, height: image.height), in: context)
        return (image, size, CellFootprint(covering: size, cellWidth: 10, cellHeight: 20))
    }

    @Test func kittyCursorPlacementDecodesToTheSizedPictureOnACanvasOfTheReservedCells() throws {
        let (image, size, footprint) = try sized()
        #expect(size == PixelSize(width: 600, height: 450) && footprint == CellFootprint(columns: 60, rows: 23))
        let encoder = KittyGraphicsEncoder(placement: .cursor, cellWidth: 10, cellHeight: 20)
        guard case .graphic(let graphic) = try encoder.encode(image, displaySize: size, footprint: footprint) else {
            Issue.record("expected a graphic")
            return
        }
        #expect(graphic.columns == 60 && graphic.rows == 23)
        let commands = try Self.kittyCommands(graphic.payload)
        let first = try #require(commands.first).keys
        #expect(first["a"] == "T" && first["C"] == "1" && first["q"] == "2" && first["f"] == "32")
        #expect(first["c"] == "60" && first["r"] == "23" && first["s"] == "600" && first["v"] == "460")
        let pixels = try #require(Data(base64Encoded: Data(commands.flatMap(\.chunk))))
        #expect(pixels.count == 600 * 460 * 4)
        let expected = Resampler.resize(image, to: size).onCanvas(width: 600, height: 460)
        #expect([UInt8](pixels) == expected.pixels)
        #expect(pixels[(449 * 600) * 4 + 3] == 255 && pixels[(450 * 600) * 4 + 3] == 0)  // transparent below
    }

    @Test func kittySendsAnOpaquePictureThatFillsItsCellsAsRGB() throws {
        let image = try ImageDecoder().decode(Fixtures.bytes("wide.png"))  // 300 × 100, opaque, decoded as RGBA
        let encoder = KittyGraphicsEncoder(placement: .cursor, cellWidth: 10, cellHeight: 20)
        let rows = try encoder.encode(
            image, displaySize: PixelSize(width: 300, height: 100), footprint: CellFootprint(columns: 30, rows: 5))
        guard case .graphic(let graphic) = rows else {
            Issue.record("expected a graphic")
            return
        }
        let commands = try Self.kittyCommands(graphic.payload)
        #expect(commands[0].keys["f"] == "24")
        let pixels = try #require(Data(base64Encoded: Data(commands.flatMap(\.chunk))))
        #expect([UInt8](pixels) == image.flattened(onto: (0, 0, 0)).pixels)
    }

    @Test func kittyChunksAreAtMost4096BytesAndOnlyTheFirstCarriesTheKeys() throws {
        let (image, size, footprint) = try sized()
        let encoder = KittyGraphicsEncoder(placement: .cursor, cellWidth: 10, cellHeight: 20)
        guard case .graphic(let graphic) = try encoder.encode(image, displaySize: size, footprint: footprint) else {
            Issue.record("expected a graphic")
            return
        }
        let commands = try Self.kittyCommands(graphic.payload)
        #expect(commands.count == (600 * 460 * 4 + 2) / 3 * 4 / 4096 + 1)
        for (index, command) in commands.enumerated() {
            #expect(command.chunk.count <= 4096 && command.chunk.count % 4 == 0 || index == commands.count - 1)
            #expect(command.keys["m"] == (index == commands.count - 1 ? "0" : "1"))
            if index > 0 { #expect(command.keys.count == 1) }
        }
    }

    @Test func kittyPlaceholderCellsFillTheFootprintAndCarryTheImageID() throws {
        let image = try ImageDecoder().decode(Fixtures.bytes("wide.png"))  // 300 × 100
        let footprint = CellFootprint(columns: 30, rows: 5)
        let encoder = KittyGraphicsEncoder(
            placement: .unicodePlaceholders, cellWidth: 10, cellHeight: 20, makeID: { 0x12_3456 })
        let rows = try encoder.encode(image, displaySize: PixelSize(width: 300, height: 100), footprint: footprint)
        guard case .cells(let lines) = rows else {
            Issue.record("expected placeholder cells")
            return
        }
        #expect(lines.count == 5)
        for (row, line) in lines.enumerated() {
            #expect(DisplayWidth.of(line.plainText) == 30)
            #expect(line.spans.allSatisfy { $0.style.foreground == .exactRGB(0x12, 0x34, 0x56) && $0.style.picture })
            let cells = Array(line.plainText)
            #expect(cells.count == 30)
            for (column, cell) in cells.enumerated() {
                let scalars = cell.unicodeScalars.map(\.value)
                #expect(
                    scalars == [
                        0x10EEEE, KittyPlaceholderDiacritics.marks[row], KittyPlaceholderDiacritics.marks[column],
                    ])
            }
        }
        let transmission = try #require(lines[0].graphic)
        #expect(transmission.rows == 0)
        let keys = try #require(Self.kittyCommands(transmission.payload).first).keys
        #expect(keys["U"] == "1" && keys["i"] == "\(0x12_3456)" && keys["c"] == "30" && keys["r"] == "5")
        #expect(keys["s"] == "300" && keys["v"] == "100")
        #expect(lines.dropFirst().allSatisfy { $0.graphic == nil })
    }

    @Test func kittyPicturesBeyondThePlaceholderTableArePlacedAtTheCursor() throws {
        let image = PixelImage(width: 4, height: 4, layout: .rgb, pixels: [UInt8](repeating: 9, count: 48))
        let encoder = KittyGraphicsEncoder(placement: .unicodePlaceholders, cellWidth: 1, cellHeight: 1)
        let rows = try encoder.encode(
            image, displaySize: PixelSize(width: 300, height: 2), footprint: CellFootprint(columns: 300, rows: 2))
        guard case .graphic = rows else {
            Issue.record("expected a cursor placement")
            return
        }
    }

    @Test func tmuxPassthroughDoublesEveryEscapeAndWrapsEachCommand() throws {
        #expect(
            TmuxPassthrough.wrap(Array("\u{1B}_Ga=q;AAAA\u{1B}\\".utf8))
                == Array("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=q;AAAA\u{1B}\u{1B}\\\u{1B}\\".utf8))
        let (image, size, footprint) = try sized()
        let plain = KittyGraphicsEncoder(placement: .cursor, cellWidth: 10, cellHeight: 20)
        var wrapped = plain
        wrapped.tmuxPassthrough = true
        guard case .graphic(let a) = try plain.encode(image, displaySize: size, footprint: footprint),
            case .graphic(let b) = try wrapped.encode(image, displaySize: size, footprint: footprint)
        else {
            Issue.record("expected graphics")
            return
        }
        #expect(try Self.unwrapTmux(b.payload) == a.payload)
        #expect(try Self.kittyCommands(b.payload, tmux: true).count == Self.kittyCommands(a.payload).count)
    }

    @Test func iTermSendsAPNGOfTheSizedPictureNeverTheOriginalBytes() throws {
        let (image, size, footprint) = try sized()
        let encoder = ITermImageEncoder(cellWidth: 10, cellHeight: 20)
        guard case .graphic(let graphic) = try encoder.encode(image, displaySize: size, footprint: footprint) else {
            Issue.record("expected a graphic")
            return
        }
        #expect(graphic.columns == 60 && graphic.rows == 23)
        let text = String(decoding: graphic.payload, as: UTF8.self)
        let header = "\u{1B}]1337;File=inline=1;size="
        #expect(text.hasPrefix(header) && text.hasSuffix("\u{07}"))
        let colon = try #require(text.firstIndex(of: ":"))
        #expect(text[..<colon].hasSuffix(";width=60;height=23;preserveAspectRatio=1"))
        let base64 = text[text.index(after: colon)...].dropLast()
        let png = try #require(Data(base64Encoded: String(base64))).map { $0 }
        #expect(text.contains("size=\(png.count);"))
        #expect(png != Fixtures.bytes("photo800.png"))
        let decoded = try ImageDecoder().decode(png)
        #expect(decoded.width == 600 && decoded.height == 460)
        #expect(decoded.pixels == Resampler.resize(image, to: size).onCanvas(width: 600, height: 460).pixels)
        // ImageMagick reads it too.
        let identified = try run("/usr/bin/identify", ["-format", "%w %h", "png:-"], input: png)
        #expect(identified.output == "600 460")
    }

    @Test func pngEncoderRoundTripsRGBPixels() throws {
        let pixels = (0..<(7 * 5 * 3)).map { UInt8($0 * 3 % 256) }
        let image = PixelImage(width: 7, height: 5, layout: .rgb, pixels: pixels)
        let decoded = try ImageDecoder().decode(PNGEncoder.encode(image))
        #expect(decoded.width == 7 && decoded.height == 5)
        #expect(decoded.flattened(onto: (0, 0, 0)).pixels == pixels)
    }
}
