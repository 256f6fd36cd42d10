/// Degrades colours to what a terminal can show: 24-bit → 256-colour palette → 16 ANSI colours.
enum ColorPalette {
    /// The usual xterm RGB values of the 16 ANSI colours.
    static let ansiRGB: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
        (255, 255, 255),
    ]

    private static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The nearest entry of the 256-colour palette (its 6×6×6 cube or its grey ramp).
    static func palette(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let (ri, gi, bi) = (cubeIndex(Int(r)), cubeIndex(Int(g)), cubeIndex(Int(b)))
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let cubeIndex = 16 + 36 * ri + 6 * gi + bi
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyIndex = min(23, max(0, (average - 3) / 10))
        let grey = 8 + 10 * greyIndex
        let target = (Int(r), Int(g), Int(b))
        return distance(target, (grey, grey, grey)) < distance(target, cube)
            ? UInt8(232 + greyIndex) : UInt8(cubeIndex)
    }

    /// The closest of the 16 ANSI colours by hue, not by RGB distance: terminals draw the 16 colours
    /// in their own shades, and a theme's soft purple should stay purple (not become the nearest grey).
    /// Colours with little saturation map to black, grey, white or bright white by lightness.
    static func ansi(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let (red, green, blue) = (Double(r) / 255, Double(g) / 255, Double(b) / 255)
        let maximum = max(red, green, blue)
        let minimum = min(red, green, blue)
        let chroma = maximum - minimum
        if chroma < 0.15 {
            switch maximum {
            case ..<0.2: return 0
            case ..<0.62: return 8
            case ..<0.9: return 7
            default: return 15
            }
        }
        var hue: Double
        if maximum == red {
            hue = ((green - blue) / chroma).truncatingRemainder(dividingBy: 6)
        } else if maximum == green {
            hue = (blue - red) / chroma + 2
        } else {
            hue = (red - green) / chroma + 4
        }
        if hue < 0 { hue += 6 }
        // Sectors of 60° centred on red, yellow, green, cyan, blue, magenta.
        let sector = Int((hue + 0.5).rounded(.down)) % 6
        let base: [UInt8] = [1, 3, 2, 6, 4, 5]
        let bright = (maximum + minimum) / 2 > 0.5
        return base[sector] + (bright ? 8 : 0)
    }

    /// The RGB value of a 256-colour palette entry.
    static func rgb(ofPalette index: UInt8) -> (UInt8, UInt8, UInt8) {
        let i = Int(index)
        if i < 16 {
            let c = ansiRGB[i]
            return (UInt8(c.0), UInt8(c.1), UInt8(c.2))
        }
        if i >= 232 {
            let v = UInt8(8 + 10 * (i - 232))
            return (v, v, v)
        }
        let n = i - 16
        return (UInt8(cubeLevels[n / 36]), UInt8(cubeLevels[(n / 6) % 6]), UInt8(cubeLevels[n % 6]))
    }

    private static func cubeIndex(_ value: Int) -> Int {
        value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        // Weighted for the eye's sensitivity (a cheap approximation of perceptual distance).
        let dr = a.0 - b.0
        let dg = a.1 - b.1
        let db = a.2 - b.2
        return 3 * dr * dr + 4 * dg * dg + 2 * db * db
    }
}
