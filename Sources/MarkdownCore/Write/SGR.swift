/// Builds Select Graphic Rendition sequences for styles at a colour depth.
struct SGR {
    let depth: ColorDepth

    /// The full sequence that sets `style` from the default rendition (starting with a reset).
    func sequence(for style: Style) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.italic { codes.append("3") }
        if style.underline { codes.append("4") }
        if style.inverse { codes.append("7") }
        if style.strikethrough { codes.append("9") }
        if let fg = style.foreground { codes.append(color(fg, foreground: true)) }
        if let bg = style.background { codes.append(color(bg, foreground: false)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private func color(_ color: Color, foreground: Bool) -> String {
        switch (color, depth) {
        case (.exactRGB(let r, let g, let b), _):
            return (foreground ? "38;2;" : "48;2;") + "\(r);\(g);\(b)"
        case (.rgb(let r, let g, let b), .trueColor):
            return (foreground ? "38;2;" : "48;2;") + "\(r);\(g);\(b)"
        case (.rgb(let r, let g, let b), .palette256):
            return (foreground ? "38;5;" : "48;5;") + "\(ColorPalette.palette(r, g, b))"
        case (.rgb(let r, let g, let b), _):
            return ansi(ColorPalette.ansi(r, g, b), foreground: foreground)
        case (.palette(let index), .trueColor), (.palette(let index), .palette256):
            return (foreground ? "38;5;" : "48;5;") + "\(index)"
        case (.palette(let index), _):
            let (r, g, b) = ColorPalette.rgb(ofPalette: index)
            return ansi(ColorPalette.ansi(r, g, b), foreground: foreground)
        case (.ansi(let index), _):
            return ansi(index, foreground: foreground)
        }
    }

    private func ansi(_ index: UInt8, foreground: Bool) -> String {
        let i = Int(index % 16)
        let base = i < 8 ? (foreground ? 30 : 40) : (foreground ? 90 : 100)
        return String(base + i % 8)
    }
}
