/// Turns styled lines into the bytes a terminal receives: the only place mdview emits escape sequences.
///
/// With `ColorDepth.none` the output is plain text with no escape byte at all (graphics are left out),
/// unless `plainOutputPictureDepth` is set: then pictures alone are drawn (an explicit `--images` mode
/// into a pipe or with `--color never`). Otherwise styles become SGR sequences for the depth, hyperlinks become OSC 8 (when enabled), and
/// graphics are drawn over the rows layout reserved for them. Text reaching the writer is already
/// sanitised, and hyperlink targets are percent-encoded ASCII.
public struct TerminalWriter: Sendable {
    public let colorDepth: ColorDepth
    public let hyperlinks: Bool
    /// The colour depth of picture cells in plain output; nil leaves pictures out of plain output.
    public let plainOutputPictureDepth: ColorDepth?

    public init(colorDepth: ColorDepth, hyperlinks: Bool, plainOutputPictureDepth: ColorDepth? = nil) {
        self.colorDepth = colorDepth
        self.hyperlinks = hyperlinks && colorDepth != .none
        self.plainOutputPictureDepth = colorDepth == .none ? plainOutputPictureDepth : nil
    }

    public func write(_ lines: [StyledLine], into out: inout [UInt8]) {
        write(lines[...], into: &out)
    }

    /// Each line is written on its own (styles are reset at its end), so consecutive slices of lines
    /// can be written separately, even concurrently, and joined.
    public func write(_ lines: ArraySlice<StyledLine>, into out: inout [UInt8]) {
        // A document uses a handful of styles: a short list of their keys searched beats hashing.
        var keys: [UInt64] = []
        var sequences: [[UInt8]] = []
        let plainKey = Style.plain.visualKey
        let sgr = SGR(depth: colorDepth)
        for line in lines {
            var spans = line.spans
            // A graphic starts after the whole indentation, trailing spaces included.
            let graphicColumn = line.graphic == nil ? 0 : spans.reduce(0) { $0 + DisplayWidth.of($1.text) }
            trimTrailingSpaces(&spans)
            if colorDepth == .none {
                if let pictureDepth = plainOutputPictureDepth {
                    writePlainWithPictures(spans, pictureDepth: pictureDepth, into: &out)
                    if let graphic = line.graphic {
                        GraphicPlacer.draw(graphic, atColumn: graphicColumn, into: &out)
                    }
                } else {
                    for span in spans { out.appendUTF8(of: span.text) }
                }
            } else {
                var current = plainKey
                var link: String?
                // Spans are read in place, by index: a copy of each (its text and style) costs more than
                // writing a short one.
                for index in spans.indices {
                    if hyperlinks, spans[index].style.hyperlink != link {
                        link = spans[index].style.hyperlink
                        out.appendUTF8(of: osc8(link))
                    }
                    let key = spans[index].style.visualKey
                    if key != current {
                        if key == plainKey {
                            out.append(contentsOf: Self.reset)
                        } else if let cached = keys.firstIndex(of: key) {
                            out.append(contentsOf: sequences[cached])
                        } else {
                            var visual = spans[index].style
                            visual.hyperlink = nil
                            let sequence = Array(sgr.sequence(for: visual).utf8)
                            keys.append(key)
                            sequences.append(sequence)
                            out.append(contentsOf: sequence)
                        }
                        current = key
                    }
                    out.appendUTF8(of: spans[index].text)
                }
                if link != nil { out.appendUTF8(of: osc8(nil)) }
                if current != plainKey { out.append(contentsOf: Self.reset) }
                if let graphic = line.graphic {
                    GraphicPlacer.draw(graphic, atColumn: graphicColumn, into: &out)
                }
            }
            out.append(0x0A)
        }
    }

    /// Plain text, except picture cells, which keep their colours (at `pictureDepth`).
    private func writePlainWithPictures(_ spans: [Span], pictureDepth: ColorDepth, into out: inout [UInt8]) {
        let sgr = SGR(depth: pictureDepth)
        for span in spans {
            if span.style.picture {
                out.appendUTF8(of: sgr.sequence(for: span.style))
                out.appendUTF8(of: span.text)
                out.append(contentsOf: Self.reset)
            } else {
                out.appendUTF8(of: span.text)
            }
        }
    }

    /// `SGR 0`, made once.
    private static let reset = Array("\u{1B}[0m".utf8)

    private func osc8(_ target: String?) -> String {
        "\u{1B}]8;;" + (target ?? "") + "\u{1B}\\"
    }

    /// Trailing spaces that show nothing (no background, underline or inverse) are dropped.
    private func trimTrailingSpaces(_ spans: inout [Span]) {
        while let last = spans.last {
            let style = last.style
            if style.background != nil || style.inverse || style.underline || style.strikethrough { return }
            guard last.text.utf8.last == 0x20 else { return }
            var text = Substring(last.text)
            while text.utf8.last == 0x20 { text = text.dropLast() }
            if text.isEmpty {
                spans.removeLast()
            } else {
                spans[spans.count - 1].text = String(text)
                return
            }
        }
    }
}
