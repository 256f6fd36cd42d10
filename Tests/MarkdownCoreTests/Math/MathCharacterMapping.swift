@testable import MarkdownCore

/// Maps typeset characters back to the source letters and digits they came from (font alphabets, Unicode
/// super- and subscripts, combining accents dropped), for the property that nothing is lost.
enum MathCharacterMapping {
    static let reverse: [Unicode.Scalar: Unicode.Scalar] = {
        // The cube and fourth root signs carry their index.
        var map: [Unicode.Scalar: Unicode.Scalar] = ["∛": "3", "∜": "4"]
        let bases = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789αβγδεθιφχρ"
        for base in bases.unicodeScalars {
            for font in ["mathbb", "mathbf", "mathbfit", "mathcal", "mathfrak", "mathsf", "mathtt"] {
                if let styled = MathSymbols.styled(base, font: font)?.unicodeScalars.first { map[styled] = base }
            }
            if let raised = MathScriptCharacters.superscript(base), raised != base { map[raised] = base }
            if let lowered = MathScriptCharacters.subscript(base), lowered != base { map[lowered] = base }
        }
        return map
    }()

    static func plain(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .enclosingMark
            {
                continue
            }
            result.append(reverse[scalar] ?? scalar)
        }
        return String(result)
    }
}
