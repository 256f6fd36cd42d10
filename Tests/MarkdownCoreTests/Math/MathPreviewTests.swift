import Testing

/// Not a specification: prints formulas as they render, for a person to look at
/// (`swift test --filter MathPreviewTests`).
@Suite struct MathPreviewTests {
    static let extra = [
        #"\sqrt[3]{x} + \sqrt[n]{x+1} + \sqrt{\frac{a}{b}}"#,
        #"\left( \frac{a}{b} \right)^2 \cdot \left\lfloor \frac{n}{2} \right\rfloor"#,
        #"\begin{vmatrix} a & b \\ c & d \end{vmatrix} \ne \begin{Bmatrix} 1 \\ 2 \\ 3 \end{Bmatrix}"#,
        #"\begin{array}{c|cc} x & 1 & 2 \\ \hline y & 3 & 4 \end{array}"#,
        #"\overbrace{a + b + c}^{3} = \underbrace{x + y}_{\text{two}}"#,
        #"\boxed{E = mc^2} \quad x \not= y, \; a \not\in B, \; a \not\prec b"#,
        #"x^2 + y^2 = 1 \tag{1}"#,
        #"\vec{v} + \dot{x} + \widehat{xyz} + \overline{AB} + \underline{cd}"#,
        #"\mathbb{R}^n, \mathbb{N}, \mathfrak{g}, \mathscr{L}, \mathbf{x}, \boldsymbol{\mu}, \mathsf{A}, \mathtt{t}"#,
        #"a \equiv b \pmod{n}, \quad a \bmod b"#,
        #"\iint_D f \, dA = \oint_{\partial D} F \cdot dr"#,
        #"\bigcup_{i=1}^{\infty} A_i \quad \prod_{p} \frac{1}{1-p^{-s}}"#,
        #"\Big( x \Big) \bigg[ \frac{a}{b} \bigg]"#,
        #"\stackrel{\text{def}}{=} \quad \overset{?}{=} \quad \underset{x}{\arg\max} f(x)"#,
        #"\sum_{\substack{i=1 \\ j \ne i}}^{n} a_{ij}"#,
        #"a = b \\ c = d"#,
        #"x &= 1 & y &= 2 \\ z &= 3 & w &= 4"#,
        #"\langle \frac{a}{b} \rangle \left\| \frac{a}{b} \right\|"#,
        #"\lim_{x \to \infty} \left(1 + \frac{1}{x}\right)^x = e"#,
        #"\int_0^1 x^2 \, dx = \frac{1}{3}"#,
        #"\foo{x} + \alpha"#,
        #"\frac{\frac{1}{x} + 1}{\frac{a}{b}}"#,
        #"x_1^2 + {x'}^2 + f''(x)"#,
    ]

    @Test func printsTheCorpus() throws {
        for tex in MathCorpus.formulas + Self.extra {
            print(tex)
            print(
                MathRendering.display(tex, width: 80).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            print("  inline: " + MathRendering.inlinePlain(tex))
            print(
                "  at 30: \n"
                    + MathRendering.display(tex, width: 30).split(separator: "\n").map { "  " + $0 }.joined(
                        separator: "\n"))
            print()
        }
    }
}
