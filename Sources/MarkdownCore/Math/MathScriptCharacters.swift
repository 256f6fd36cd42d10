/// Unicode's superscript and subscript characters, for inline scripts (`x²`, `aₙ₊₁`): a script is converted
/// only when every one of its characters has one.
enum MathScriptCharacters {
    static func superscript(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar {
        case "0": "⁰"
        case "1": "¹"
        case "2": "²"
        case "3": "³"
        case "4": "⁴"
        case "5": "⁵"
        case "6": "⁶"
        case "7": "⁷"
        case "8": "⁸"
        case "9": "⁹"
        case "+": "⁺"
        case "-", "−": "⁻"
        case "=": "⁼"
        case "(": "⁽"
        case ")": "⁾"
        case "a": "ᵃ"
        case "b": "ᵇ"
        case "c": "ᶜ"
        case "d": "ᵈ"
        case "e": "ᵉ"
        case "f": "ᶠ"
        case "g": "ᵍ"
        case "h": "ʰ"
        case "i": "ⁱ"
        case "j": "ʲ"
        case "k": "ᵏ"
        case "l": "ˡ"
        case "m": "ᵐ"
        case "n": "ⁿ"
        case "o": "ᵒ"
        case "p": "ᵖ"
        case "r": "ʳ"
        case "s": "ˢ"
        case "t": "ᵗ"
        case "u": "ᵘ"
        case "v": "ᵛ"
        case "w": "ʷ"
        case "x": "ˣ"
        case "y": "ʸ"
        case "z": "ᶻ"
        case "A": "ᴬ"
        case "B": "ᴮ"
        case "D": "ᴰ"
        case "E": "ᴱ"
        case "G": "ᴳ"
        case "H": "ᴴ"
        case "I": "ᴵ"
        case "J": "ᴶ"
        case "K": "ᴷ"
        case "L": "ᴸ"
        case "M": "ᴹ"
        case "N": "ᴺ"
        case "O": "ᴼ"
        case "P": "ᴾ"
        case "R": "ᴿ"
        case "T", "⊤": "ᵀ"
        case "U": "ᵁ"
        case "V": "ⱽ"
        case "W": "ᵂ"
        case "α": "ᵅ"
        case "β": "ᵝ"
        case "γ": "ᵞ"
        case "δ": "ᵟ"
        case "ε", "ϵ": "ᵋ"
        case "θ": "ᶿ"
        case "ι": "ᶥ"
        case "φ", "ϕ": "ᵠ"
        case "χ": "ᵡ"
        // Already raised marks stay as they are.
        case "′", "″", "‴", "∗", "*", "†", "‡", "∘": scalar
        default: nil
        }
    }

    static func `subscript`(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar {
        case "0": "₀"
        case "1": "₁"
        case "2": "₂"
        case "3": "₃"
        case "4": "₄"
        case "5": "₅"
        case "6": "₆"
        case "7": "₇"
        case "8": "₈"
        case "9": "₉"
        case "+": "₊"
        case "-", "−": "₋"
        case "=": "₌"
        case "(": "₍"
        case ")": "₎"
        case "a": "ₐ"
        case "e": "ₑ"
        case "h": "ₕ"
        case "i": "ᵢ"
        case "j": "ⱼ"
        case "k": "ₖ"
        case "l": "ₗ"
        case "m": "ₘ"
        case "n": "ₙ"
        case "o": "ₒ"
        case "p": "ₚ"
        case "r": "ᵣ"
        case "s": "ₛ"
        case "t": "ₜ"
        case "u": "ᵤ"
        case "v": "ᵥ"
        case "x": "ₓ"
        case "β": "ᵦ"
        case "γ": "ᵧ"
        case "ρ": "ᵨ"
        case "φ", "ϕ": "ᵩ"
        case "χ": "ᵪ"
        default: nil
        }
    }

    /// `superscript(_:)` and `subscript(_:)` for ASCII, looked up by code rather than through the
    /// switches' chains of comparisons (nil: none); as text for a one-character script.
    private static let asciiSuperscripts: [Unicode.Scalar?] = (0..<128).map {
        Self.superscript(Unicode.Scalar(UInt8($0)))
    }
    private static let asciiSubscripts: [Unicode.Scalar?] = (0..<128).map {
        Self.`subscript`(Unicode.Scalar(UInt8($0)))
    }
    private static let asciiSuperscriptTexts: [String?] = asciiSuperscripts.map { $0.map(String.init) }
    private static let asciiSubscriptTexts: [String?] = asciiSubscripts.map { $0.map(String.init) }

    /// `text` with every character raised (or lowered), or nil when one has no such character.
    static func convert(_ text: String, superscript: Bool) -> String? {
        // A one-character script (most of them) is a table entry, made once.
        if text.utf8.count == 1, let byte = text.utf8.first, byte < 0x80 {
            return (superscript ? asciiSuperscriptTexts : asciiSubscriptTexts)[Int(byte)]
        }
        let ascii = superscript ? asciiSuperscripts : asciiSubscripts
        // Every raised or lowered character is in the Basic Multilingual Plane: at most 3 UTF-8 bytes for
        // each byte of the script. The result is gathered on the stack and made a string once.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.utf8.count * 3) { buffer -> String? in
            var count = 0
            for scalar in text.unicodeScalars {
                let converted =
                    scalar.value < 0x80
                    ? ascii[Int(scalar.value)] : superscript ? self.superscript(scalar) : self.`subscript`(scalar)
                guard let converted else { return nil }
                for byte in converted.utf8 {
                    buffer[count] = byte
                    count += 1
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }
}
