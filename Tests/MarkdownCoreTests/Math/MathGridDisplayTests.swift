import Testing

@testable import MarkdownCore

/// The 2-D layout of delimiters grown to their content, matrices, arrays, cases and the aligned
/// environments, row by row (padding trimmed).
@Suite struct MathGridDisplayTests {
    func expect(_ tex: String, _ expected: String, width: Int = 80, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(MathRendering.display(tex, width: width) == expected, sourceLocation: sourceLocation)
    }

    @Test func leftRightParenthesesGrowToAFraction() {
        expect(
            #"\left( \frac{a}{b} \right)"#,
            """
            ⎛ a ⎞
            ⎜───⎟
            ⎝ b ⎠
            """)
    }

    @Test func leftDotIsInvisible() {
        expect(
            #"\left. \frac{a}{b} \right|"#,
            """
             a │
            ───│
             b │
            """)
    }

    @Test func middleBarGrowsWithTheDelimitersAroundIt() {
        expect(
            #"\left( \frac{a}{b} \middle| c \right)"#,
            """
            ⎛ a  │  ⎞
            ⎜─── │ c⎟
            ⎝ b  │  ⎠
            """)
    }

    @Test func multlineSetsItsFirstLineLeftAndItsLastRight() {
        expect(
            #"\begin{multline} a + b \\ c + d + e + f + g \\ h + i \end{multline}"#,
            """
            a + b
            c + d + e + f + g
                        h + i
            """)
    }

    @Test func gatherCentresEveryLine() {
        expect(
            #"\begin{gather} a + b \\ c + d + e + f + g \\ h + i \end{gather}"#,
            """
                  a + b
            c + d + e + f + g
                  h + i
            """)
    }

    @Test func pmatrixIsFencedByGrownParentheses() {
        expect(
            #"\begin{pmatrix} a & b \\ c & d \end{pmatrix}"#,
            """
            ⎛ a  b ⎞
            ⎝ c  d ⎠
            """)
    }

    @Test func bmatrixIsFencedByBrackets() {
        expect(
            #"\begin{bmatrix} 1 & 0 & 0 \\ 0 & 1 & 0 \\ 0 & 0 & 1 \end{bmatrix}"#,
            """
            ⎡ 1  0  0 ⎤
            ⎢ 0  1  0 ⎥
            ⎣ 0  0  1 ⎦
            """)
    }

    @Test func vmatrixIsFencedByBars() {
        expect(
            #"\begin{vmatrix} a & b \\ c & d \end{vmatrix}"#,
            """
            │ a  b │
            │ c  d │
            """)
    }

    @Test func casesHaveALeftBrace() {
        expect(
            #"f(x) = \begin{cases} 1 & x > 0 \\ 0 & \text{otherwise} \end{cases}"#,
            """
            f(x) = ⎧ 1  x > 0
                   ⎩ 0  otherwise
            """)
    }

    @Test func alignedColumnsAlignAtTheAmpersand() {
        expect(
            #"\begin{aligned} f(x) &= (x+1)^2 \\ &= x^2 + 2x + 1 \end{aligned}"#,
            """
                          2
            f(x) = (x + 1)
                    2
                 = x  + 2x + 1
            """)
    }

    @Test func arrayDrawsItsColumnRulesAndHline() {
        expect(
            #"\begin{array}{l|r} a & 10 \\ \hline bb & 2 \end{array}"#,
            """
            a  │ 10
            ───┼───
            bb │  2
            """)
    }

    @Test func binomialIsTwoRowsInParentheses() {
        expect(
            #"\binom{n}{k}"#,
            """
            ⎛n⎞
            ⎝k⎠
            """)
    }

    @Test func topLevelLineBreakStacksLines() {
        expect(
            #"a &= b \\ cc &= d"#,
            """
             a = b
            cc = d
            """)
    }

    @Test func tallAngleBracketsStayOneCharacterOnTheBaseline() {
        expect(
            #"\left\langle \frac{a}{b} \right\rangle"#,
            """
              a
            ⟨───⟩
              b
            """)
    }

    @Test func bigDelimitersGrowToTheirNeighbours() {
        expect(
            #"\Bigl( \frac{a}{b} \Bigr)"#,
            """
            ⎛ a ⎞
            ⎜───⎟
            ⎝ b ⎠
            """)
    }

    @Test func ceilingAndFloorUseBracketPieces() {
        expect(
            #"\left\lceil \frac{a}{b} \right\rceil"#,
            """
            ⎡ a ⎤
            ⎢───⎥
            ⎢ b ⎥
            """)
    }

    @Test func curlyBracesGrowWithTheirPoint() {
        expect(
            #"\left\{ \frac{a}{b} \right\}"#,
            """
            ⎧ a ⎫
            ⎨───⎬
            ⎩ b ⎭
            """)
    }

    @Test func gatherCentresItsLines() {
        expect(
            #"\begin{gather*} a = b \\ c + d = e \end{gather*}"#,
            """
              a = b
            c + d = e
            """)
    }

    @Test func alignWithTwoColumnPairs() {
        expect(
            #"\begin{align*} x &= 1 & y &= 22 \\ xx &= 3 & y &= 4 \end{align*}"#,
            """
             x = 1  y = 22
            xx = 3  y = 4
            """)
    }

    @Test func smallmatrixIsCompact() {
        expect(
            #"\left(\begin{smallmatrix} a & b \\ c & d \end{smallmatrix}\right)"#,
            """
            ⎛a b⎞
            ⎝c d⎠
            """)
    }

    @Test func bracketsAfterALineBreakAreContentUnlessALength() {
        expect(
            #"a \\[2pt] [b] \\ [c]"#,
            """
             a
            [b]
            [c]
            """)
    }

    @Test func everyCommandThatEndsOrMarksAListIsRecognisedBeforeItIsReadAsASymbol() {
        for name in [
            "\\", "cr", "newline", "limits", "nolimits", "hline", "midrule", "toprule", "bottomrule", "end", "right",
        ] {
            #expect(MathParser.endsOrMarksList(name), "\\\(name)")
        }
    }
}
