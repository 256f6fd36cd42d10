extension MathParser {
    /// One node from `token`: a character, a group or a command with its arguments; nil for what makes
    /// nothing (`\displaystyle`, `\label{…}`). `single` reads one digit rather than a number (`\frac12`).
    mutating func parseAtom(_ token: MathToken, single: Bool) throws -> MathNode? {
        switch token {
        case .open:
            return try parseGroup()
        case .character(let scalar):
            return withPresentationMarks(character(scalar, single: single))
        case .tie:
            return .space(1)
        case .command(let name):
            return try command(name)
        case .space:
            return nil
        case .close, .superscript, .subscript, .alignment, .prime:
            var text = ""
            append(token, to: &text)
            return .atom(MathAtom(text, .source))
        }
    }

    /// `node` with the variation selectors and keycap marks that follow it in its atom: with them a
    /// one-column character can be a two-column picture (`3️⃣`, `☺️`), which the atom's width, measured
    /// whole, then says; measured apart, the marks would count nothing and the row more columns than
    /// layout gave it.
    mutating func withPresentationMarks(_ node: MathNode) -> MathNode {
        guard index < tokens.count, case .character(let next) = tokens[index], Self.isPresentationMark(next),
            case .atom(let atom) = node
        else { return node }
        var text = atom.text
        while index < tokens.count, case .character(let mark) = tokens[index], Self.isPresentationMark(mark) {
            text.unicodeScalars.append(mark)
            index += 1
        }
        return .atom(MathAtom(text, atom.role, atom.mathClass))
    }

    /// U+FE0E and U+FE0F (text and emoji presentation) and U+20E3 (the keycap's enclosing mark).
    static func isPresentationMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{FE0E}" || scalar == "\u{FE0F}" || scalar == "\u{20E3}"
    }

    mutating func character(_ scalar: Unicode.Scalar, single: Bool) -> MathNode {
        if scalar.value >= 0x30 && scalar.value <= 0x39 {
            // A number: its digits and inner points are ASCII, one byte each.
            var end = index
            while !single, end < tokens.count, case .character(let next) = tokens[end] {
                if next.value >= 0x30 && next.value <= 0x39 {
                    end += 1
                } else if next == ".", end + 1 < tokens.count, case .character(let after) = tokens[end + 1],
                    after.value >= 0x30 && after.value <= 0x39
                {
                    end += 1
                } else {
                    break
                }
            }
            let start = index
            let text = String(unsafeUninitializedCapacity: end - start + 1) { buffer in
                buffer[0] = UInt8(scalar.value)
                for offset in start..<end {
                    if case .character(let digit) = tokens[offset] { buffer[offset - start + 1] = UInt8(digit.value) }
                }
                return end - start + 1
            }
            index = end
            return .atom(font == nil ? MathAtom(ascii: text, .number) : MathAtom(styled(text), .number))
        }
        if font == nil, !upright, MathTokenizer.isLetter(scalar) {
            return .atom(MathAtom(ascii: Self.asciiTexts[Int(scalar.value)], .variable))
        }
        if MathTokenizer.isLetter(scalar) || (scalar.value >= 0x80 && scalar.properties.isAlphabetic) {
            let text = font == nil ? String(scalar) : styled(String(scalar))
            let role: MathRole = upright ? .text : (font == nil ? .variable : .symbol)
            return .atom(MathAtom(text, role))
        }
        switch scalar {
        case "-": return .atom(MathAtom("−", .symbol, .binary))
        case "*": return .atom(MathAtom("∗", .symbol, .binary))
        default:
            // The tokenizer replaced control characters, so an ASCII one here is printable.
            let mathClass = MathSymbols.mathClass(of: scalar)
            return .atom(
                scalar.isASCII
                    ? MathAtom(ascii: Self.asciiTexts[Int(scalar.value)], .symbol, mathClass)
                    : MathAtom(String(scalar), .symbol, mathClass)
            )
        }
    }

    /// Every ASCII character as text, made once: a formula's letters and signs are copied from here
    /// rather than each made anew.
    static let asciiTexts: [String] = (0..<128).map { String(Unicode.Scalar(UInt8($0))) }

    /// Letters and digits in the current font.
    func styled(_ text: String) -> String {
        restyled(text, font: font)
    }

    mutating func command(_ name: String) throws -> MathNode? {
        // Symbols, function names, accents and fonts first: dictionary lookups, where the switch below
        // compares strings one by one.
        if !Self.isConstruct(name), let node = try lookedUp(name) { return node }
        switch name {
        case "frac", "dfrac", "tfrac", "cfrac":
            let numerator = try parseArgument("\\" + name)
            let denominator = try parseArgument("\\" + name)
            return .fraction(numerator, denominator, rule: true)
        case "binom", "dbinom", "tbinom", "choose":
            let top = try parseArgument("\\" + name)
            let bottom = try parseArgument("\\" + name)
            return .delimited(left: "(", .fraction(top, bottom, rule: false), right: ")")
        case "sqrt":
            let index = try parseOptionalArgument()
            return .radical(try parseArgument("\\sqrt"), index: index)
        case "left":
            return try leftRight()
        case "middle":
            // A delimiter grown to the height of what stands beside it, like `\left` and `\right`.
            return .bigDelimiter(try readDelimiter("\\middle"), minimumRows: 1, .relation)
        case "big", "Big", "bigg", "Bigg", "bigl", "Bigl", "biggl", "Biggl", "bigr", "Bigr", "biggr", "Biggr",
            "bigm", "Bigm", "biggm", "Biggm":
            let delimiter = try readDelimiter("\\" + name)
            let rows = name.hasPrefix("bigg") || name.hasPrefix("Bigg") ? 3 : 1
            let mathClass: MathClass =
                name.hasSuffix("l")
                ? .opening
                : name.hasSuffix("r")
                    ? .closing
                    : name.hasSuffix("m")
                        ? .relation
                        : MathSymbols.command(delimiter)?.mathClass
                            ?? MathSymbols.mathClass(of: delimiter.unicodeScalars.first ?? " ")
            return .bigDelimiter(delimiter, minimumRows: rows, mathClass)
        case "begin":
            return try environment()
        case "text", "textrm", "textnormal", "mbox", "hbox", "textit", "textup", "textmd", "emph", "textsl", "fbox":
            let text = try rawArgument("\\" + name)
            let node = MathNode.atom(MathAtom(text, .text))
            return name == "fbox" ? .boxed(node) : node
        case "textbf", "texttt", "textsf":
            let text = try rawArgument("\\" + name)
            let font = MathSymbols.alphabet(forCommand: name)
            return .atom(MathAtom(restyled(text, font: font), .text))
        case "operatorname", "operatornamewithlimits":
            var limits = name == "operatornamewithlimits"
            skipSpaces()
            if current == .character("*") {
                index += 1
                limits = true
            }
            let text = try rawArgument("\\operatorname")
            var atom = MathAtom(text, .function, .function)
            atom.limits = limits
            return .atom(atom)
        case "mathrm", "mathup", "rm", "mathnormal", "mathit", "mit", "it":
            return try styledArgument(name, font: nil, upright: name == "mathrm" || name == "mathup" || name == "rm")
        case "mathop", "mathrel", "mathbin", "mathord", "mathopen", "mathclose", "mathpunct", "mathinner":
            return try classed(name)
        case "color", "pagecolor":
            _ = try rawArgument("\\" + name)
            return nil
        case "textcolor", "colorbox":
            _ = try rawArgument("\\" + name)
            return try parseArgument("\\" + name)
        case "displaystyle", "textstyle", "scriptstyle", "scriptscriptstyle", "nonumber", "notag", "limits",
            "nolimits", "strut", "mathstrut", "allowbreak", "nobreak", "relax", "protect":
            return nil
        case "label", "vphantom", "hspace", "vspace", "kern", "hskip", "mkern", "mskip":
            _ = try rawArgument("\\" + name)
            return name == "hspace" || name == "hskip" || name == "kern" ? .space(1) : nil
        case "tag", "tag*":
            let text = try rawArgument("\\tag")
            if tag == nil { tag = text }
            return nil
        case "phantom", "hphantom":
            return .phantom(try parseArgument("\\" + name))
        case ",", ":", ";", ">", " ", "thinspace", "medspace", "thickspace", "enspace", "space":
            return .space(1)
        case "quad":
            return .space(2)
        case "qquad":
            return .space(4)
        case "!", "negthinspace", "negmedspace", "negthickspace":
            return .space(0)
        case "not":
            return try negation()
        case "overline":
            return .overline(try parseArgument("\\overline"))
        case "underline":
            return .underline(try parseArgument("\\underline"))
        case "overbrace", "underbrace":
            return .brace(try parseArgument("\\" + name), label: nil, over: name == "overbrace")
        case "boxed":
            return .boxed(try parseArgument("\\boxed"))
        case "substack":
            return try substack()
        case "stackrel", "overset":
            let over = try parseArgument("\\" + name)
            let base = try parseArgument("\\" + name)
            return .limits(base: base.unwrapped, over: over, under: nil)
        case "xrightarrow", "xleftarrow", "xRightarrow", "xLeftarrow", "xleftrightarrow", "xmapsto":
            return try extensibleArrow(name)
        case "underset":
            let under = try parseArgument("\\underset")
            let base = try parseArgument("\\underset")
            return .limits(base: base.unwrapped, over: nil, under: under)
        case "pmod":
            let argument = try parseArgument("\\pmod")
            return .row([
                .space(1), .atom(MathAtom("(", .symbol, .opening)), .atom(MathAtom("mod", .function)), .space(1),
                argument, .atom(MathAtom(")", .symbol, .closing)),
            ])
        case "bmod":
            return .atom(MathAtom("mod", .function, .binary))
        case "mod":
            let argument = try parseArgument("\\mod")
            return .row([.space(2), .atom(MathAtom("mod", .function)), .space(1), argument])
        case "arg":
            if let combined = argMax() { return combined }
            return .atom(MathAtom("arg", .function, .function))
        default:
            break
        }
        if name.isEmpty { return .atom(MathAtom("\\", .source)) }
        return try unknown(name)
    }

    /// An unknown command kept as its source, its braced arguments after it with their braces.
    mutating func unknown(_ name: String) throws -> MathNode {
        var nodes: [MathNode] = [.atom(MathAtom("\\" + name, .source))]
        while true {
            var look = index
            while look < tokens.count, tokens[look] == .space { look += 1 }
            guard look < tokens.count, tokens[look] == .open else { break }
            index = look + 1
            let argument = try parseGroup()
            nodes.append(.atom(MathAtom("{", .source)))
            nodes.append(argument)
            nodes.append(.atom(MathAtom("}", .source)))
        }
        return nodes.count == 1 ? nodes[0] : .row(nodes)
    }

    /// `\xrightarrow[below]{above}`: an arrow as long as its labels, which sit above and below it.
    mutating func extensibleArrow(_ name: String) throws -> MathNode {
        let below = try parseOptionalArgument()
        let above = try parseArgument("\\" + name)
        let labels = MathLayout(tight: true)
        let length = max(labels.box(above).width, below.map { labels.box($0).width } ?? 0) + 2
        let shaft = name.contains("R") || name.contains("L") ? "═" : "─"
        let arrow: String
        switch name {
        case "xleftarrow": arrow = "←" + String.repeated(shaft, count: length - 1)
        case "xLeftarrow": arrow = "⇐" + String.repeated(shaft, count: length - 1)
        case "xRightarrow": arrow = String.repeated(shaft, count: length - 1) + "⇒"
        case "xleftrightarrow": arrow = "←" + String.repeated(shaft, count: max(length - 2, 1)) + "→"
        case "xmapsto": arrow = "↦" + String.repeated(shaft, count: max(length - 2, 1)) + "→"
        default: arrow = String.repeated(shaft, count: length - 1) + "→"
        }
        let base = MathNode.atom(MathAtom(arrow, .symbol, .relation))
        return .limits(base: base, over: above, under: below)
    }

    /// Commands the switch in `command(_:)` builds that the symbol table also names (as a character).
    static func isConstruct(_ name: String) -> Bool {
        name == "sqrt" || name == "overbrace" || name == "underbrace"
    }

    /// A command found in the symbol table, the function names, the accents or the fonts.
    mutating func lookedUp(_ name: String) throws -> MathNode? {
        if let symbol = MathSymbols.command(name) {
            let role: MathRole = symbol.mathClass == .ordinary && isLetterLike(symbol.text) ? .variable : .symbol
            var atom =
                font == nil
                ? MathAtom(symbol.text, role, symbol.mathClass, width: symbol.width)
                : MathAtom(styled(symbol.text), role, symbol.mathClass)
            if symbol.mathClass == .operator { atom.limits = !Self.isIntegral(symbol.text) }
            return .atom(atom)
        }
        if let function = MathFunctions.named(name) {
            var atom = MathAtom(function.text, .function, .function)
            atom.limits = function.limits
            return .atom(atom)
        }
        if let accent = MathAccent.named(name) {
            return .accent(try parseArgument("\\" + name), accent)
        }
        if let font = MathSymbols.alphabet(forCommand: name) {
            return try styledArgument(name, font: font, upright: false)
        }
        return nil
    }

    func isLetterLike(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return first.properties.isAlphabetic
    }

    /// Integrals take their limits on the right, as scripts.
    static func isIntegral(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first?.value else { return false }
        return (0x222B...0x2233).contains(first) || (0x2A0B...0x2A1C).contains(first)
    }

    /// Letters and digits of `text` in `font` (unchanged without one).
    func restyled(_ text: String, font: String?) -> String {
        guard let font else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if let styled = MathSymbols.styled(scalar, font: font) {
                result += styled
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The argument of a font command, its letters styled.
    mutating func styledArgument(_ name: String, font: String?, upright: Bool) throws -> MathNode {
        let (savedFont, savedUpright) = (self.font, self.upright)
        self.font = font
        self.upright = upright
        defer {
            self.font = savedFont
            self.upright = savedUpright
        }
        return try parseArgument("\\" + name)
    }

    /// `\mathop{…}`, `\mathrel{…}`: the argument with the class the command gives it.
    mutating func classed(_ name: String) throws -> MathNode {
        let argument = try parseArgument("\\" + name)
        let mathClass: MathClass =
            switch name {
            case "mathop": .operator
            case "mathrel": .relation
            case "mathbin": .binary
            case "mathopen": .opening
            case "mathclose": .closing
            case "mathpunct": .punctuation
            default: .ordinary
            }
        var atoms: [MathAtom] = []
        guard Self.flatten(argument, into: &atoms), !atoms.isEmpty else { return argument }
        var atom = MathAtom(atoms.map(\.text).joined(), atoms.count == 1 ? atoms[0].role : .symbol, mathClass)
        atom.limits = name == "mathop"
        return .atom(atom)
    }

    static func flatten(_ node: MathNode, into atoms: inout [MathAtom]) -> Bool {
        switch node {
        case .atom(let atom):
            atoms.append(atom)
            return true
        case .row(let nodes):
            return nodes.allSatisfy { flatten($0, into: &atoms) }
        default:
            return false
        }
    }

    /// `\arg\max` and `\arg\min` as one operator with limits.
    mutating func argMax() -> MathNode? {
        var look = index
        while look < tokens.count, tokens[look] == .space { look += 1 }
        guard look < tokens.count, case .command(let next) = tokens[look], next == "max" || next == "min" else {
            return nil
        }
        index = look + 1
        var atom = MathAtom("arg " + next, .function, .function)
        atom.limits = true
        return .atom(atom)
    }

}
