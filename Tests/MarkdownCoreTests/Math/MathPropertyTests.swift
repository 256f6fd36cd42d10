import PropertyBased
import Testing

@testable import MarkdownCore

/// Properties of typesetting random formulas from a grammar of the constructs: within the width, no
/// control characters, no letter or digit lost, the same output every time.
@Suite struct MathPropertyTests {
    static let formulas = Gen.int(in: 0...1_000_000).array(of: 1...24).map { MathFormulaGrammar.formula($0) }
    let typesetter = MathTypesetter()

    static func rows(_ result: DisplayMath) -> [String] {
        switch result {
        case .picture(let picture): picture.rows.map { $0.map(\.text).joined() }
        case .linear(let rows): rows.map { $0.map(\.text).joined() }
        case .source: []
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }

    /// Letters and digits of the source outside command names and environment names.
    static func contentCharacters(_ tex: String) -> [Character] {
        var result: [Character] = []
        var command: String?
        var skipping = false
        // The array column spec is not content either.
        for scalar in tex.replacing("{c|l}", with: "").unicodeScalars {
            if skipping {
                if scalar == "}" { skipping = false }
                continue
            }
            if let name = command {
                if MathTokenizer.isLetter(scalar) {
                    command = name + String(scalar)
                    continue
                }
                command = nil
                // Environment names (`\begin{pmatrix}`) are not content.
                if scalar == "{" && (name == "begin" || name == "end") {
                    skipping = true
                    continue
                }
                if name.isEmpty { continue }
            }
            if scalar == "\\" {
                command = ""
                continue
            }
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { result.append(Character(scalar)) }
        }
        return result
    }

    @Test func displayRowsNeverExceedTheWidth() async {
        await propertyCheck(count: 300, input: Self.formulas, Gen.int(in: 1...120)) { tex, width in
            let rows = Self.rows(typesetter.display(tex, width: width))
            #expect(rows.allSatisfy { DisplayWidth.of($0) <= width }, "\(tex) at \(width): \(rows)")
        }
    }

    @Test func outputHasNoControlCharacters() async {
        await propertyCheck(count: 200, input: Self.formulas, Gen.int(in: 1...120)) { tex, width in
            let rows = Self.rows(typesetter.display(tex, width: width))
            #expect(!rows.contains { $0.unicodeScalars.contains(where: Self.isControl) })
            if case .pieces(let pieces) = typesetter.inline(tex) {
                #expect(!pieces.contains { $0.text.unicodeScalars.contains(where: Self.isControl) })
            }
        }
    }

    @Test func everyLetterAndDigitAppearsOrTheSourceIsShown() async {
        await propertyCheck(count: 200, input: Self.formulas) { tex in
            let result = typesetter.display(tex, width: 200)
            guard case .picture(let picture) = result else { return }
            let output = MathCharacterMapping.plain(picture.rows.flatMap { $0 }.map(\.text).joined())
            var available: [Character: Int] = [:]
            for character in output { available[character, default: 0] += 1 }
            for character in Self.contentCharacters(tex) {
                #expect(available[character, default: 0] > 0, "\(character) of \(tex) missing in \(output)")
            }
            let inline = typesetter.inline(tex)
            if case .pieces(let pieces) = inline {
                let text = MathCharacterMapping.plain(pieces.map(\.text).joined())
                for character in Self.contentCharacters(tex) {
                    #expect(text.contains(character), "\(character) of \(tex) missing inline in \(text)")
                }
            }
        }
    }

    @Test func typesettingIsDeterministic() async {
        await propertyCheck(count: 100, input: Self.formulas, Gen.int(in: 1...120)) { tex, width in
            #expect(typesetter.display(tex, width: width) == typesetter.display(tex, width: width))
            #expect(typesetter.inline(tex) == typesetter.inline(tex))
        }
    }

    @Test func inlineIsOneRowWithoutLineBreaks() async {
        await propertyCheck(count: 100, input: Self.formulas) { tex in
            guard case .pieces(let pieces) = typesetter.inline(tex) else { return }
            #expect(!pieces.contains { $0.text.contains("\n") })
        }
    }
}
