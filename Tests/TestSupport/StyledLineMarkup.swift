import MarkdownCore

/// Styled lines as readable text, for golden files whose diffs a person can review.
///
/// One output line per styled line. A run of text in a style is written `{attributes}text{/}`, a run
/// without any attribute bare: `{b fg=#ffd75f}Title{/} and plain text`. Literal braces in text are
/// doubled (`{{`, `}}`), so a single `{` always opens a tag. A graphic is written after the line's
/// spans as `{graphic 20x5 1234 bytes fnv1a=89abcdef}` (columns × rows, payload size and checksum).
///
/// The markup describes exactly what `TerminalWriter` puts on the screen at a colour depth, and nothing
/// the screen cannot show:
/// - attributes and colours are read back from the writer's own SGR sequence for the style, in the
///   writer's fixed order: `b` (bold), `dim`, `i` (italic), `u` (underline), `inv` (inverse),
///   `s` (strikethrough), `fg=`, `bg=`, then `link=` (the hyperlink target). Colours are what the depth
///   makes of them: `#rrggbb` (24-bit), a palette index such as `221` (256 colours), an ANSI name such
///   as `yellow` or `bright-blue` (16 colours);
/// - adjacent spans with the same style are one run (span boundaries are invisible);
/// - trailing spaces the writer drops (unstyled ones) are dropped.
public struct StyledLineMarkup {
    public let colorDepth: ColorDepth
    private let writer: TerminalWriter
    private let plainWriter = TerminalWriter(colorDepth: .none, hyperlinks: false)

    public init(colorDepth: ColorDepth) {
        self.colorDepth = colorDepth
        self.writer = TerminalWriter(colorDepth: colorDepth, hyperlinks: false)
    }

    /// The markup of `lines`, each line ended by a newline.
    public func text(_ lines: [StyledLine]) -> String {
        var tags: [Style: String] = [:]
        var out = ""
        for line in lines {
            out += text(line, tags: &tags)
            out += "\n"
        }
        return out
    }

    /// The markup of one line, without a newline.
    public func text(_ line: StyledLine) -> String {
        var tags: [Style: String] = [:]
        return text(line, tags: &tags)
    }

    private func text(_ line: StyledLine, tags: inout [Style: String]) -> String {
        var out = ""
        for run in visibleRuns(line.spans) {
            let tag = tags[run.style] ?? attributes(of: run.style)
            tags[run.style] = tag
            if tag.isEmpty {
                out += Self.escaped(run.text)
            } else {
                out += "{\(tag)}\(Self.escaped(run.text)){/}"
            }
        }
        if let graphic = line.graphic {
            out += "{graphic \(graphic.columns)x\(graphic.rows) \(graphic.payload.count) bytes"
            out += " fnv1a=\(Self.hex(Self.fnv1a(graphic.payload)))}"
        }
        return out
    }

    /// The spans the writer shows (its own trimming decides), with equal neighbours joined.
    private func visibleRuns(_ spans: [Span]) -> [Span] {
        var plain: [UInt8] = []
        plainWriter.write([StyledLine(spans)], into: &plain)
        var remaining = plain.count - 1  // the writer's newline
        var runs: [Span] = []
        for span in spans where remaining > 0 {
            var text = span.text
            let bytes = text.utf8.count
            if bytes > remaining { text = String(decoding: Array(text.utf8)[..<remaining], as: UTF8.self) }
            remaining -= min(bytes, remaining)
            if text.isEmpty { continue }
            if let last = runs.last, last.style == span.style {
                runs[runs.count - 1].text += text
            } else {
                runs.append(Span(text, style: span.style))
            }
        }
        return runs
    }

    /// The tag's attributes for `style` at the depth, empty for a style that shows as plain text.
    private func attributes(of style: Style) -> String {
        var visual = style
        visual.hyperlink = nil
        var bytes: [UInt8] = []
        writer.write([StyledLine([Span("x", style: visual)])], into: &bytes)
        var names: [String] = []
        // The writer starts a styled span with one ESC [ 0;…m sequence.
        if bytes.starts(with: [0x1B, UInt8(ascii: "[")]), let end = bytes.firstIndex(of: UInt8(ascii: "m")) {
            let codes = String(decoding: bytes[2..<end], as: UTF8.self).split(separator: ";").compactMap { Int($0) }
            names = Self.names(ofSGR: codes)
        }
        if let link = style.hyperlink { names.append("link=" + Self.escaped(link)) }
        return names.joined(separator: " ")
    }

    private static let ansiNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// Readable names for SGR parameters; a code this does not know is kept as `sgr=N`.
    static func names(ofSGR codes: [Int]) -> [String] {
        var names: [String] = []
        var index = 0
        while index < codes.count {
            let code = codes[index]
            index += 1
            switch code {
            case 0: continue
            case 1: names.append("b")
            case 2: names.append("dim")
            case 3: names.append("i")
            case 4: names.append("u")
            case 7: names.append("inv")
            case 9: names.append("s")
            case 30...37: names.append("fg=" + ansiNames[code - 30])
            case 90...97: names.append("fg=bright-" + ansiNames[code - 90])
            case 40...47: names.append("bg=" + ansiNames[code - 40])
            case 100...107: names.append("bg=bright-" + ansiNames[code - 100])
            case 38, 48:
                let key = code == 38 ? "fg=" : "bg="
                if index + 1 < codes.count, codes[index] == 5 {
                    names.append(key + String(codes[index + 1]))
                    index += 2
                } else if index + 3 < codes.count, codes[index] == 2 {
                    let rgb = codes[(index + 1)...(index + 3)].map { UInt32(clamping: $0) }
                    names.append(key + "#" + hex(rgb[0] << 16 | rgb[1] << 8 | rgb[2], digits: 6))
                    index += 4
                } else {
                    names.append("sgr=\(code)")
                }
            default: names.append("sgr=\(code)")
            }
        }
        return names
    }

    /// `text` with `{` and `}` doubled.
    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) else { return text }
        return text.replacing("{", with: "{{").replacing("}", with: "}}")
    }

    static func fnv1a(_ bytes: [UInt8]) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in bytes {
            hash = (hash ^ UInt32(byte)) &* 0x0100_0193
        }
        return hash
    }

    static func hex(_ value: UInt32, digits: Int = 8) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
