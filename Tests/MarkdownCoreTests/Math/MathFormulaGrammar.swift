/// Random formulas for the property tests, built from a list of choices (which PropertyBased generates and
/// shrinks): atoms, fractions, radicals, scripts, big operators, delimiters, environments, accents, text.
struct MathFormulaGrammar {
    private var choices: [Int]
    private var position = 0

    init(_ choices: [Int]) {
        self.choices = choices.isEmpty ? [0] : choices
    }

    static func formula(_ choices: [Int]) -> String {
        var grammar = MathFormulaGrammar(choices)
        return grammar.list(depth: 0)
    }

    private mutating func next(_ bound: Int) -> Int {
        defer { position += 1 }
        guard position < choices.count * 3 else { return 0 }
        let value = choices[position % choices.count] &+ position &* 7919
        return Int(UInt(bitPattern: value) % UInt(bound))
    }

    static let atoms = [
        "x", "y", "a_1", "b", "42", "3.14", "\\alpha", "\\beta", "\\pi", "+", "-", "=", "<", "\\le", "\\to", "\\cdot",
        "\\times", ",", "(", ")", "[", "]", "|", "\\infty", "\\partial", "\\nabla", "\\sin", "\\log", "\\lim", "f(x)",
        "\\ldots", "\\quad", "\\,", "\\mathbb{R}", "\\mathcal{L}", "\\mathbf{v}", "\\text{if }", "\\text{中文 é}",
        "\\hat{x}", "\\not=", "\\foo", "\\pm", "\\in", "\\emptyset", "Z", "\\Gamma", "\\varepsilon", "'", "!",
    ]

    private mutating func list(depth: Int) -> String {
        let count = 1 + next(depth == 0 ? 8 : 4)
        var parts: [String] = []
        for _ in 0..<count { parts.append(item(depth: depth)) }
        return parts.joined(separator: " ")
    }

    private mutating func item(depth: Int) -> String {
        if depth > 3 { return Self.atoms[next(Self.atoms.count)] }
        let inner = depth + 1
        switch next(24) {
        case 0: return "\\frac{\(list(depth: inner))}{\(list(depth: inner))}"
        case 1: return "\\sqrt{\(list(depth: inner))}"
        case 2: return "\\sqrt[\(next(5) + 2)]{\(list(depth: inner))}"
        case 3: return "x^{\(list(depth: inner))}"
        case 4: return "y_{\(list(depth: inner))}"
        case 5: return "z_{\(list(depth: inner))}^{\(list(depth: inner))}"
        case 6: return "\\sum_{\(list(depth: inner))}^{\(list(depth: inner))} \(item(depth: inner))"
        case 7: return "\\int_{0}^{\(list(depth: inner))} \(item(depth: inner)) \\, dx"
        case 8: return "\\left( \(list(depth: inner)) \\right)"
        case 9: return "\\left\\{ \(list(depth: inner)) \\right."
        case 10:
            let env = ["pmatrix", "bmatrix", "vmatrix", "matrix", "Bmatrix", "Vmatrix", "smallmatrix"][next(7)]
            return "\\begin{\(env)} \(item(depth: inner)) & \(item(depth: inner)) \\\\ \(item(depth: inner)) & "
                + "\(item(depth: inner)) \\end{\(env)}"
        case 11:
            return "\\begin{cases} \(list(depth: inner)) & \\text{if } \(list(depth: inner)) \\\\ "
                + "\(list(depth: inner)) & \\text{otherwise} \\end{cases}"
        case 12:
            return "\\begin{aligned} \(list(depth: inner)) &= \(list(depth: inner)) \\\\ &= \(list(depth: inner)) "
                + "\\end{aligned}"
        case 13: return "\\begin{array}{c|l} \(item(depth: inner)) & \(item(depth: inner)) \\end{array}"
        case 14: return "\\binom{\(list(depth: inner))}{\(item(depth: inner))}"
        case 15: return "\\overbrace{\(list(depth: inner))}^{\(item(depth: inner))}"
        case 16: return "\\underbrace{\(list(depth: inner))}_{\(item(depth: inner))}"
        case 17:
            return ["\\hat", "\\vec", "\\bar", "\\tilde", "\\widehat", "\\dot"][next(6)] + "{\(list(depth: inner))}"
        case 18: return "\\boxed{\(list(depth: inner))}"
        case 19: return "\\Big( \(list(depth: inner)) \\Big)"
        case 20: return "\\overset{\(item(depth: inner))}{\(item(depth: inner))}"
        case 21: return "\\operatorname{op}(\(list(depth: inner)))"
        case 22: return "{\(list(depth: inner))}"
        default: return Self.atoms[next(Self.atoms.count)]
        }
    }
}
