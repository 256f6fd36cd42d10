/// The heredocs of a growing shell block (`<<EOF`, `<<-EOF`, `<<'EOF'`): their terminators,
/// and whether the scan is reading one's word or body, for `ScanState`. A body open at the end of the
/// block is closed for the parse by its terminator on a line of its own; left open, the rest of the
/// block read as an error, parsed whole at every line, in the colours of the error.
///
/// Its own type, like `OpenJSX`: the scan of other languages holds none of it.
struct OpenHeredocs: Equatable, Sendable {
    /// A heredoc whose body starts at the next line or has started, in the order they were opened.
    struct Heredoc: Equatable, Sendable {
        var terminator: [UInt8]
        /// Whether the terminator may be indented (`<<~` and `<<-`).
        var indented: Bool
    }

    private(set) var open: [Heredoc] = []
    /// How many `<` were just read as code.
    private var lessThanRun = 0
    /// The word being read after `<<`, its quote, and whether it was `<<~` or `<<-`.
    private var word: [UInt8] = []
    private var quote: UInt8?
    private var indented = false
    /// The body line being read, while it may still be the terminator.
    private var line: [UInt8] = []
    private var lineMayEnd = true

    /// What a byte of the word does.
    enum WordStep: Equatable {
        /// Part of the word.
        case stays
        /// The word's closing quote: code follows.
        case ended
        /// The word ended before this byte, which is code.
        case code
    }

    /// A byte read as code: true when it starts a heredoc's word after `<<` (not `<<<`, the shell's
    /// here-string), whose next bytes go to `readWord`.
    mutating func readCode(_ byte: UInt8) -> Bool {
        let run = lessThanRun
        lessThanRun = byte == UInt8(ascii: "<") ? run + 1 : 0
        guard run == 2 else { return false }
        word = []
        quote = nil
        indented = false
        switch byte {
        case UInt8(ascii: "~"), UInt8(ascii: "-"): indented = true
        case UInt8(ascii: "'"), UInt8(ascii: "\""): quote = byte
        case _ where Self.isWordStart(byte): word = [byte]
        default: return false
        }
        return true
    }

    /// A byte after `<<`: the word goes on, or ended (the heredoc is then open if it had a word).
    mutating func readWord(_ byte: UInt8) -> WordStep {
        if let quote {
            if byte == quote {
                finishWord()
                return .ended
            }
            guard byte != ScanState.lineFeed else {
                word = []
                finishWord()
                return .code
            }
            word.append(byte)
            return .stays
        }
        if word.isEmpty, byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
            quote = byte
            return .stays
        }
        if word.isEmpty ? Self.isWordStart(byte) : BlockKeywords.isWordByte(byte) {
            word.append(byte)
            return .stays
        }
        finishWord()
        return .code
    }

    private mutating func finishWord() {
        if !word.isEmpty { open.append(Heredoc(terminator: word, indented: indented)) }
        word = []
        quote = nil
        indented = false
    }

    /// A line feed read as code (or ending a comment): true when a body starts on the next line.
    mutating func lineEnded() -> Bool {
        lessThanRun = 0
        line = []
        lineMayEnd = true
        return !open.isEmpty
    }

    /// A byte of a body: true when it ended the last open heredoc's terminator line (code follows).
    mutating func readBody(_ byte: UInt8) -> Bool {
        guard byte == ScanState.lineFeed else {
            if lineMayEnd {
                line.append(byte)
                lineMayEnd = line.count <= open[0].terminator.count + 256
            }
            return false
        }
        var text = line[...]
        if open[0].indented {
            text = text.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        }
        if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
        let mayEnd = lineMayEnd
        line = []
        lineMayEnd = true
        if mayEnd, text.elementsEqual(open[0].terminator) {
            open.removeFirst()
            return open.isEmpty
        }
        return false
    }

    /// What closes the open heredocs, each terminator on a line of its own, followed by `rest` (the
    /// closers of the brackets and words open) from a new line. `inBody`: the text ends inside a body
    /// (after its line `line`), else on the line that opened them.
    func closers(inBody: Bool, before rest: [UInt8]) -> [UInt8] {
        var closers: [UInt8] = inBody && line.isEmpty ? [] : [ScanState.lineFeed]
        for (index, heredoc) in open.enumerated() {
            if index > 0 { closers.append(ScanState.lineFeed) }
            closers += heredoc.terminator
        }
        if let first = rest.first, first != ScanState.lineFeed { closers.append(ScanState.lineFeed) }
        return closers + rest
    }

    /// A byte that may start a terminator: a word's byte but a digit.
    private static func isWordStart(_ byte: UInt8) -> Bool {
        BlockKeywords.isWordByte(byte) && !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
