import Testing

@testable import MarkdownCore

/// The generated symbol table, the font alphabets and the script characters: present, and one column wide.
@Suite struct MathSymbolTableTests {
    @Test func commonCommandsAndAliasesResolve() {
        let expected: [String: String] = [
            "alpha": "α", "varepsilon": "ε", "vartheta": "ϑ", "varphi": "φ", "varrho": "ϱ", "varsigma": "ς",
            "varpi": "ϖ", "le": "≤", "leq": "≤", "ne": "≠", "neq": "≠", "to": "→", "gets": "←", "land": "∧",
            "lor": "∨", "lnot": "¬", "iff": "⟺", "implies": "⟹", "sum": "∑", "int": "∫", "infty": "∞",
            "rightarrow": "→", "Leftrightarrow": "⇔", "subseteq": "⊆", "cup": "∪", "forall": "∀", "exists": "∃",
            "approx": "≈", "equiv": "≡", "pm": "±", "times": "×", "cdot": "⋅", "partial": "∂", "nabla": "∇",
        ]
        for (name, text) in expected {
            #expect(MathSymbols.command(name)?.text == text, "\\\(name)")
        }
    }

    @Test func commandsModelsWriteAreAllKnown() {
        let names = #"""
            hbar ell nabla partial infty emptyset varnothing mid parallel top bot propto approx sim simeq cong le ge
            ne to mapsto implies iff land lor neg lnot cdot times div pm mp circ ast star dagger langle rangle lceil
            rceil lfloor rfloor { } | colon vert Vert lvert rvert lVert rVert prime dots cdots ldots forall exists in
            notin ni subset subseteq supset cup cap setminus Re Im aleph imath jmath wp angle triangle square
            checkmark therefore because leftarrow rightarrow Leftarrow Rightarrow leftrightarrow Leftrightarrow
            uparrow downarrow longrightarrow Longrightarrow hookrightarrow Box qed coloneqq degree lbrack rbrack
            """#
        for name in names.split(whereSeparator: \.isWhitespace) {
            let entry = MathSymbols.command(String(name))
            #expect(entry != nil, "\\\(name)")
            #expect(entry.map { DisplayWidth.of($0.text) } == 1, "\\\(name)")
        }
        #expect(MathSymbols.styled("1", font: "mathbb") == "𝟙")
    }

    @Test func geometricShapesAreOrdinary() {
        for name in ["triangle", "square", "Box", "angle", "checkmark"] {
            #expect(MathSymbols.command(name)?.mathClass == .ordinary, "\\\(name)")
        }
    }

    @Test func classesDecideSpacing() {
        #expect(MathSymbols.command("le")?.mathClass == .relation)
        #expect(MathSymbols.command("times")?.mathClass == .binary)
        #expect(MathSymbols.command("sum")?.mathClass == .operator)
        #expect(MathSymbols.command("langle")?.mathClass == .opening)
    }

    @Test func letterlikeHolesComeFromTheTable() {
        let holes: [(String, Unicode.Scalar, String)] = [
            ("mathbb", "R", "ℝ"), ("mathbb", "C", "ℂ"), ("mathbb", "N", "ℕ"), ("mathbb", "Z", "ℤ"),
            ("mathbb", "Q", "ℚ"), ("mathbb", "H", "ℍ"), ("mathbb", "P", "ℙ"), ("mathcal", "B", "ℬ"),
            ("mathcal", "E", "ℰ"), ("mathcal", "F", "ℱ"), ("mathcal", "H", "ℋ"), ("mathcal", "I", "ℐ"),
            ("mathcal", "L", "ℒ"), ("mathcal", "M", "ℳ"), ("mathcal", "R", "ℛ"), ("mathcal", "e", "ℯ"),
            ("mathcal", "g", "ℊ"), ("mathcal", "o", "ℴ"), ("mathfrak", "C", "ℭ"), ("mathfrak", "H", "ℌ"),
            ("mathfrak", "I", "ℑ"), ("mathfrak", "R", "ℜ"), ("mathfrak", "Z", "ℨ"), ("mathbb", "A", "𝔸"),
        ]
        for (font, base, expected) in holes {
            #expect(MathSymbols.styled(base, font: font) == expected, "\(font) \(base)")
        }
    }

    @Test func everyAlphabetCharacterIsOneColumn() {
        let bases = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        for font in ["mathbb", "mathbf", "mathbfit", "mathcal", "mathfrak", "mathsf", "mathsfbf", "mathtt"] {
            for base in bases.unicodeScalars {
                guard let styled = MathSymbols.styled(base, font: font) else { continue }
                #expect(DisplayWidth.of(styled) == 1, "\(font) \(base) → \(styled)")
            }
        }
    }

    @Test func scriptCharactersAreOneColumn() {
        for scalar in "0123456789+-=()abcdefghijklmnopqrstuvwxyzABDEGHIJKLMNOPRTUVWαβγδεθιφχρ".unicodeScalars {
            if let raised = MathScriptCharacters.superscript(scalar) { #expect(DisplayWidth.of(raised) == 1) }
            if let lowered = MathScriptCharacters.subscript(scalar) { #expect(DisplayWidth.of(lowered) == 1) }
        }
    }

    @Test func bracketPiecesAndCombinedAccentsAreOneColumn() {
        for piece in [
            "⎛", "⎜", "⎝", "⎞", "⎟", "⎠", "⎡", "⎢", "⎣", "⎤", "⎥", "⎦", "⎧", "⎨", "⎩", "⎪", "⎫", "⎬", "⎭", "│", "‖",
        ] {
            #expect(DisplayWidth.of(piece) == 1, "\(piece)")
        }
        for mark in ["\u{302}", "\u{304}", "\u{20D7}", "\u{303}", "\u{307}", "\u{308}", "\u{338}"] {
            #expect(DisplayWidth.of("x" + mark) == 1)
        }
    }
}
