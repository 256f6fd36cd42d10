import MarkdownCore

/// Pieces of a block that together are a program in another language (a console block's commands, an
/// HTTP message's body): highlighted as one program, its tokens mapped back onto the pieces.
struct EmbeddedCode {
    /// Where each piece starts in the block and in the program, and how long it is.
    private var pieces: [(block: Int, program: Int, count: Int)] = []
    private(set) var program: [UInt8] = []

    /// Adds `bytes[range]` as the next line of the program.
    mutating func append(_ range: Range<Int>, of bytes: [UInt8]) {
        if !program.isEmpty { program.append(UInt8(ascii: "\n")) }
        pieces.append((range.lowerBound, program.count, range.count))
        program += bytes[range]
    }

    var isEmpty: Bool { pieces.isEmpty }

    /// `tokens` of the program, placed in the block (a token over a line break is cut at each piece).
    func blockTokens(_ tokens: [SyntaxToken]) -> [SyntaxToken] {
        var result: [SyntaxToken] = []
        var pieceIndex = 0
        for token in tokens {
            while pieceIndex < pieces.count,
                pieces[pieceIndex].program + pieces[pieceIndex].count <= token.range.lowerBound
            {
                pieceIndex += 1
            }
            var index = pieceIndex
            while index < pieces.count, pieces[index].program < token.range.upperBound {
                let piece = pieces[index]
                let lower = max(token.range.lowerBound, piece.program)
                let upper = min(token.range.upperBound, piece.program + piece.count)
                if lower < upper {
                    let shift = piece.block - piece.program
                    result.append(SyntaxToken(range: (lower + shift)..<(upper + shift), capture: token.capture))
                }
                index += 1
            }
        }
        return result
    }
}
