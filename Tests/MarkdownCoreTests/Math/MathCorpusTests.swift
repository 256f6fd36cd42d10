import Testing

@testable import MarkdownCore

/// The formulas language models write (Corpus/llm-formulas.txt) typeset as pictures at 80 columns and
/// never wider than 40.
@Suite struct MathCorpusTests {
    @Test func corpusHasThirtyFormulas() {
        #expect(MathCorpus.formulas.count >= 30)
    }

    @Test(arguments: MathCorpus.formulas)
    func rendersAsAPictureAt80(_ tex: String) {
        guard case .picture(let picture) = MathTypesetter().display(tex, width: 80) else {
            Issue.record("not a picture: \(MathTypesetter().display(tex, width: 80))")
            return
        }
        #expect(picture.width <= 80)
        #expect(picture.rows.allSatisfy { DisplayWidth.of($0.map(\.text).joined()) == picture.width })
    }

    @Test(arguments: MathCorpus.formulas)
    func neverWiderThan40(_ tex: String) {
        switch MathTypesetter().display(tex, width: 40) {
        case .picture(let picture):
            #expect(picture.rows.allSatisfy { DisplayWidth.of($0.map(\.text).joined()) <= 40 })
        case .linear(let rows):
            #expect(rows.allSatisfy { DisplayWidth.of($0.map(\.text).joined()) <= 40 })
        case .source(let failure):
            #expect(failure == nil)
        }
    }

    @Test(arguments: MathCorpus.formulas)
    func rendersInline(_ tex: String) {
        guard case .pieces = MathTypesetter().inline(tex) else {
            Issue.record("inline failed")
            return
        }
    }
}
