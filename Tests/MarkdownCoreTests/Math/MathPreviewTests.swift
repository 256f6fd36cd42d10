import Testing

/// Not a specification: prints formulas as they render, for a person to look at
/// (`swift test --filter MathPreviewTests`).
@Suite struct MathPreviewTests {
    @Test func printsTheCorpus() throws {
        for tex in MathCorpus.formulas {
            print(tex)
            print(MathRendering.display(tex, width: 80))
            print("inline: " + MathRendering.inlinePlain(tex))
            print()
        }
    }
}
