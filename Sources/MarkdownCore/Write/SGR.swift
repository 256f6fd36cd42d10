/// Builds Select Graphic Rendition sequences for styles at a colour depth.
struct SGR {
    let depth: ColorDepth

    /// The full sequence that sets `style` from the default rendition (starting with a reset).
    func sequence(for style: Style) -> String {
        // Appended one by one: `joined(separator:)` is not specialised for an array of strings, and its
        // first call instantiates generic metadata at run time, about 170,000 instructions.
        var sequence = "\u{1B}[0"
        if style.bold { sequence += ";1" }
        if style.dim { sequence += ";2" }
        if style.italic { sequence += ";3" }
        if style.underline { sequence += ";4" }
        if style.inverse { sequence += ";7" }
        if style.strikethrough { sequence += ";9" }
        if let fg = style.foreground { sequence += ";" + color(fg, foreground: true) }
        if let bg = style.background { sequence += ";" + color(bg, foreground: false) }
        return sequence + "m"
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
