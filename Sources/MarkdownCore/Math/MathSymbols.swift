/// Looks up what a command or character means in math: its character(s) and spacing class from the
/// generated table (`MathSymbolTable`), with the few corrections TeX practice needs, and the font
/// alphabets (`\mathbb{R}` is ℝ).
enum MathSymbols {
    struct Entry: Equatable, Sendable {
        var text: String
        var mathClass: MathClass
        /// The text's columns, measured once when the entry is made (a symbol recurs in every formula).
        var width: Int

        init(text: String, mathClass: MathClass) {
            self.text = text
            self.mathClass = mathClass
            width = DisplayWidth.of(text)
        }
    }

    /// Where TeX as written by people differs from the table's class or character, or the table lacks a
    /// common command.
    private static let corrections: [String: Entry] = [
        "iff": Entry(text: "⟺", mathClass: .relation),
        "implies": Entry(text: "⟹", mathClass: .relation),
        "impliedby": Entry(text: "⟸", mathClass: .relation),
        "emptyset": Entry(text: "∅", mathClass: .ordinary),
        "setminus": Entry(text: "∖", mathClass: .binary),
        "smallsetminus": Entry(text: "∖", mathClass: .binary),
        "dots": Entry(text: "…", mathClass: .ordinary),
        "ldots": Entry(text: "…", mathClass: .ordinary),
        "dotsc": Entry(text: "…", mathClass: .ordinary),
        "dotso": Entry(text: "…", mathClass: .ordinary),
        "cdots": Entry(text: "⋯", mathClass: .ordinary),
        "dotsb": Entry(text: "⋯", mathClass: .ordinary),
        "dotsm": Entry(text: "⋯", mathClass: .ordinary),
        "dotsi": Entry(text: "⋯", mathClass: .ordinary),
        "vdots": Entry(text: "⋮", mathClass: .ordinary),
        "ddots": Entry(text: "⋱", mathClass: .ordinary),
        "colon": Entry(text: ":", mathClass: .punctuation),
        "top": Entry(text: "⊤", mathClass: .ordinary),
        "bot": Entry(text: "⊥", mathClass: .ordinary),
        "perp": Entry(text: "⊥", mathClass: .relation),
        "dagger": Entry(text: "†", mathClass: .binary),
        "ddagger": Entry(text: "‡", mathClass: .binary),
        "lvert": Entry(text: "|", mathClass: .opening),
        "rvert": Entry(text: "|", mathClass: .closing),
        "lVert": Entry(text: "‖", mathClass: .opening),
        "rVert": Entry(text: "‖", mathClass: .closing),
        "vert": Entry(text: "|", mathClass: .ordinary),
        "Vert": Entry(text: "‖", mathClass: .ordinary),
        "|": Entry(text: "‖", mathClass: .ordinary),
        "mid": Entry(text: "∣", mathClass: .relation),
        "{": Entry(text: "{", mathClass: .opening),
        "}": Entry(text: "}", mathClass: .closing),
        "lbrace": Entry(text: "{", mathClass: .opening),
        "rbrace": Entry(text: "}", mathClass: .closing),
        "backslash": Entry(text: "\\", mathClass: .ordinary),
        "surd": Entry(text: "√", mathClass: .ordinary),
        "to": Entry(text: "→", mathClass: .relation),
        "gets": Entry(text: "←", mathClass: .relation),
        "land": Entry(text: "∧", mathClass: .binary),
        "lor": Entry(text: "∨", mathClass: .binary),
        "lnot": Entry(text: "¬", mathClass: .ordinary),
        "neg": Entry(text: "¬", mathClass: .ordinary),
        "le": Entry(text: "≤", mathClass: .relation),
        "ge": Entry(text: "≥", mathClass: .relation),
        "ne": Entry(text: "≠", mathClass: .relation),
        "ast": Entry(text: "∗", mathClass: .binary),
        "forall": Entry(text: "∀", mathClass: .ordinary),
        "exists": Entry(text: "∃", mathClass: .ordinary),
        "nexists": Entry(text: "∄", mathClass: .ordinary),
        "nabla": Entry(text: "∇", mathClass: .ordinary),
        "therefore": Entry(text: "∴", mathClass: .relation),
        "because": Entry(text: "∵", mathClass: .relation),
        "$": Entry(text: "$", mathClass: .ordinary),
        "hbar": Entry(text: "ℏ", mathClass: .ordinary),
        "hslash": Entry(text: "ℏ", mathClass: .ordinary),
        // Aliases the table lacks (its comments name them only for packages the generator skips, or not
        // at all), and ordinary symbols it classes as binary (`\square` is amssymb's `\mathord`).
        "triangle": Entry(text: "△", mathClass: .ordinary),
        "vartriangle": Entry(text: "△", mathClass: .ordinary),
        "square": Entry(text: "□", mathClass: .ordinary),
        "Box": Entry(text: "□", mathClass: .ordinary),
        "blacksquare": Entry(text: "■", mathClass: .ordinary),
        "qed": Entry(text: "∎", mathClass: .ordinary),
        "O": Entry(text: "Ø", mathClass: .ordinary),
        "degree": Entry(text: "°", mathClass: .ordinary),
        "coloneqq": Entry(text: "≔", mathClass: .relation),
        "eqqcolon": Entry(text: "≕", mathClass: .relation),
        "varpropto": Entry(text: "∝", mathClass: .relation),
        "unlhd": Entry(text: "⊴", mathClass: .binary),
        "unrhd": Entry(text: "⊵", mathClass: .binary),
        "lbrack": Entry(text: "[", mathClass: .opening),
        "rbrack": Entry(text: "]", mathClass: .closing),
        "hdots": Entry(text: "…", mathClass: .ordinary),
        "mathellipsis": Entry(text: "…", mathClass: .ordinary),
        "dag": Entry(text: "†", mathClass: .ordinary),
        "ddag": Entry(text: "‡", mathClass: .ordinary),
    ]

    /// The generated tables, searched where they lie (see `SortedTextTable`).
    private static let table = SortedTextTable(MathSymbolTable.commands)
    private static let alphabets = SortedTextTable(MathSymbolTable.alphabets, keyFields: 2)
    private static let characterClasses = SortedTextTable(MathSymbolTable.classes)

    /// The symbol a command names, if it is one.
    static func command(_ name: String) -> Entry? {
        // One hash lookup for a command seen before, correction or not.
        looked.value(for: name) {
            if let correction = corrections[name] { return correction }
            guard let fields = table.values(for: name), fields.count == 2, let cls = fields[1].first else { return nil }
            return Entry(text: String(fields[0]), mathClass: MathClass(unicodeClass: cls))
        }
    }

    /// Commands already looked up in this process, found or not: formulas repeat their commands.
    private static let looked = LookupMemo<String, Entry?>()

    /// The spacing class of a character typed directly in the source.
    static func mathClass(of scalar: Unicode.Scalar) -> MathClass {
        switch scalar {
        case "+", "-", "*": return .binary
        case "=", "<", ">", ":": return .relation
        case ",", ";": return .punctuation
        case "(", "[": return .opening
        case ")", "]", "!", "?": return .closing
        default:
            if scalar.value < 0x80 { return .ordinary }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let key = String.repeated("0", count: max(0, 5 - hex.utf8.count)) + hex
            guard let cls = characterClasses.values(for: key)?.first?.first else { return .ordinary }
            return MathClass(unicodeClass: cls)
        }
    }

    /// The character `font` makes of `base`, or nil when the font has none (it then stays as it is).
    static func styled(_ base: Unicode.Scalar, font: String) -> String? {
        // The table's own key (`mathbb R`) keys the memo too: a string key needs no hashing of its own
        // type to be set up at run time, as a key type of its own would on its first use.
        let key = font + " " + String(base)
        return styledLooked.value(for: key) { alphabets.values(for: key)?.first.map(String.init) }
    }

    /// Letters already styled in this process, found or not (`\mathbb{R}` recurs).
    private static let styledLooked = LookupMemo<String, String?>()

    /// The font of the generated table a font command selects; nil for the upright and italic ones that
    /// leave letters as they are.
    static func alphabet(forCommand command: String) -> String? {
        switch command {
        case "mathbb", "Bbb", "mathds", "mathbbm": "mathbb"
        case "mathbf", "textbf": "mathbf"
        case "mathbfit", "boldsymbol", "bm", "pmb", "mathbold": "mathbfit"
        case "mathcal", "mathscr", "cal", "scr": "mathcal"
        case "mathfrak", "frak": "mathfrak"
        case "mathsf", "textsf": "mathsf"
        case "mathsfbf": "mathsfbf"
        case "mathsfit": "mathsfit"
        case "mathsfbfit": "mathsfbfit"
        case "mathtt", "texttt": "mathtt"
        default: nil
        }
    }

    /// The precomposed negation of a relation, for `\not`.
    static func negated(_ text: String) -> String? {
        switch text {
        case "=": "≠"
        case "<": "≮"
        case ">": "≯"
        case "∈": "∉"
        case "∋": "∌"
        case "⊂": "⊄"
        case "⊃": "⊅"
        case "⊆": "⊈"
        case "⊇": "⊉"
        case "≡": "≢"
        case "∼": "≁"
        case "≃": "≄"
        case "≈": "≉"
        case "≅": "≇"
        case "≤": "≰"
        case "≥": "≱"
        case "∣": "∤"
        case "∥": "∦"
        case "∃": "∄"
        case "→": "↛"
        case "←": "↚"
        case "↔": "↮"
        case "⇒": "⇏"
        case "⇔": "⇎"
        case "⊢": "⊬"
        case "≺": "⊀"
        case "≻": "⊁"
        default: nil
        }
    }
}
