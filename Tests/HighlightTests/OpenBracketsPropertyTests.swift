import PropertyBased
import Testing

@testable import Highlight

/// `OpenBrackets` on random code: the scan of a growing block reads only the bytes added at each
/// redraw, so reading a text in two pieces, cut anywhere, must tell what reading it at once tells.
@Suite struct OpenBracketsPropertyTests {
    /// Pieces of code that open and close what the scan follows in every language it reads: brackets,
    /// strings (long ones too), comments, closing words, HTML and JSX tags, expressions in JSX, trailing
    /// commas, heredocs.
    static let pieces: [String] = [
        "(", ")", "[", "]", "{", "}", "<", ">", "/", "*", "-", "#", "'", "\"", "`", "\\", ",", ";", ":", "=", " ",
        "\n", "\t", "x", "a1", "return", "end", "do", "if", "then", "fi", "done", "case", "esac", "class",
        "struct", "def", "<li>", "</li>", "<ul>", "</ul>", "<br/>", "<>", "</>", "<!--", "-->", "<script>",
        "</script>", "/*", "*/", "//", "--", "=>", "{/* c */}", "<a b={1}>", "'it''s'", "null", ":",
        "\"\"\"", "'''", "<<EOF", "<<-'EOF'", "EOF", "${x}",
    ]
    static let languages = ["javascript", "tsx", "sql", "c", "cpp", "ruby", "bash", "lua", "html", "json", "python"]

    static let code = Gen.element(of: pieces).array(of: 0...60).map { $0.compactMap { $0 }.joined() }

    /// What a scan tells its caller.
    struct Reading: Equatable {
        var suffix: [UInt8]?
        var lastLineOffset: Int
        var lastLineSuffix: [UInt8]?
        var separatorOffset: Int?
        var separatorSuffix: [UInt8]?
        var lineSeparatorOffset: Int?

        init(_ scan: OpenBrackets) {
            suffix = scan.suffix
            lastLineOffset = scan.lastLine.offset
            lastLineSuffix = scan.lastLine.suffix
            separatorOffset = scan.beforeSeparator?.offset
            separatorSuffix = scan.beforeSeparator?.suffix
            lineSeparatorOffset = scan.beforeSeparatorAtLastLine?.offset
        }
    }

    @Test func readingInTwoPiecesTellsWhatReadingAtOnceTells() async {
        await propertyCheck(count: 20000, input: Self.code, Gen.element(of: Self.languages), Gen.int(in: 0...400)) {
            text, language, cutAt in
            guard let language else { return }
            let bytes = Array(text.utf8)
            let cut = min(cutAt, bytes.count)
            var whole = OpenBrackets(language: language)
            whole.scan(bytes)
            var pieces = OpenBrackets(language: language)
            pieces.scan(bytes[..<cut])
            pieces.scan(bytes[cut...])
            #expect(Reading(pieces) == Reading(whole), "\(language), cut at \(cut): \(text.debugDescription)")
        }
    }

    /// The scan resumed from where a cut before the last line or a trailing separator left it reads the
    /// rest as the scan that never stopped.
    @Test func aScanResumedFromACutReadsTheRestAsTheWholeScan() async {
        await propertyCheck(count: 20000, input: Self.code, Gen.element(of: Self.languages)) { text, language in
            guard let language else { return }
            let bytes = Array(text.utf8)
            var whole = OpenBrackets(language: language)
            whole.scan(bytes)
            for resumed in [whole.atLastLine, whole.atSeparator, whole.atSeparatorAtLastLine] {
                var rest = resumed
                rest.scan(bytes[resumed.count...])
                #expect(Reading(rest) == Reading(whole), "\(language), from \(resumed.count): \(text.debugDescription)")
            }
        }
    }
}
