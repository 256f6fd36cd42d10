/// What `OpenBrackets` knows after reading some bytes: the brackets open, and whether the scan is in
/// code, a string, a comment or JSX. Its own type (and file) because it is the byte-by-byte reader,
/// while `OpenBrackets` keeps the places in the text (line starts, trailing commas) a block may be cut at.
struct ScanState: Equatable, Sendable {
    /// The closers of the brackets open, the innermost last: a closing bracket, or the code of a closing
    /// word (`BlockKeywords.code(of:)`).
    private(set) var closers: [UInt8] = []
    /// Set once a closer did not match the innermost open bracket: the scan no longer knows what is open.
    private(set) var isLost = false
    /// How the language is read.
    let rules: ScanRules
    private(set) var mode = Mode.code
    /// The last byte read as code, when it may start a comment with the next (`/` or `#`).
    private(set) var pending: UInt8?
    /// The bytes read after a `'` that may open a character literal.
    private var literal: [UInt8] = []
    /// The scan of HTML's tags, which replaces the scan of brackets in HTML (`rules.readsTags`).
    private(set) var tags: OpenTags?
    /// The scan of JSX elements, in JavaScript and TSX (`rules.readsJSX`; nil elsewhere, so that copying
    /// the scan at every line copies none of it).
    private(set) var jsx: OpenJSX?
    /// The heredocs, in Ruby and the shell (`rules.readsHeredocs`; nil elsewhere).
    private(set) var heredocs: OpenHeredocs?
    /// Whether the last word read as code is one after which an expression starts (`return`), so that
    /// a `<` after it may start a JSX element.
    private var wordStartsExpression = false
    /// The last byte read as code that is not white space.
    private(set) var lastSignificant: UInt8 = 0
    /// Whether `class`, `struct`, `union` or `enum` was read since the last `;` or `{` (with
    /// `rules.typeBodiesEndWithSemicolon`).
    private var typeBodyOpens = false
    /// The code standing for `};` on the stack of closers.
    static let typeBodyCloser: UInt8 = 0x1E
    /// The words after which a C or C++ `{` opens a type's body.
    private static let typeWords: [[UInt8]] = ["class", "struct", "union", "enum"].map { Array($0.utf8) }
    /// The word being read as code (with `rules.readsWords`; a long one is cut: no keyword is long),
    /// whether it started a statement, and the byte before it.
    private var word: [UInt8] = []
    private var wordStartsStatement = false
    private var beforeWord: UInt8?
    /// The last byte read as code.
    private var previous: UInt8?
    /// Whether only spaces were read as code since a statement started (a line feed, a `;`…).
    private var atStatementStart = true
    /// Whether this statement opened a loop whose `do` opens nothing more (Ruby's `while x do`).
    private var loopOpened = false
    /// The quote of an empty string (`""`) closed by the last byte, which a third quote makes the start
    /// of a long string in a language that has them (`ScanRules.longStringQuotes`).
    private var emptyStringClosed: UInt8?
    /// Whether a `,` was read as code and only white space and comments since.
    private(set) var followsSeparator = false

    /// Whether a `,` read next is marked as a trailing separator (with `ScanRules.marksSeparators`).
    var marksSeparator: Bool { mode == .code && !isLost }

    enum Mode: Equatable, Sendable {
        case code
        /// Inside a string opened by this quote (`"` and `'` strings end at the line's end but in Ruby and
        /// the shell); `empty` until a byte of it is read (so that `""` followed by `"` can open a long
        /// string).
        case string(quote: UInt8, escaped: Bool, empty: Bool)
        /// Inside a string opened by three quotes (Python's `"""`, Kotlin's, Swift's…), which goes on over
        /// line feeds; `run` counts the quotes just read (three end it).
        case longString(quote: UInt8, escaped: Bool, run: Int)
        /// After a `'` that may open a character literal (`'{'`, `'\n'`, `'€'`): the bytes after it are
        /// read as code again if it does not close soon.
        case character
        case lineComment
        /// Inside `/* … */`; `afterStar` when the last byte was a `*`.
        case blockComment(afterStar: Bool)
        /// Inside JSX, read by `jsx`.
        case jsx
        /// After `<<`: a heredoc's word, read by `heredocs`.
        case heredocWord
        /// In a heredoc's body, read by `heredocs`.
        case heredocBody
    }

    init(rules: ScanRules) {
        self.rules = rules
        tags = rules.readsTags ? OpenTags() : nil
        jsx = rules.readsJSX ? OpenJSX() : nil
        heredocs = rules.readsHeredocs ? OpenHeredocs() : nil
    }

    mutating func read(_ byte: UInt8) {
        guard rules.marksSeparators, followsSeparator || byte == UInt8(ascii: ",") else { return readByte(byte) }
        let wasCode = mode == .code
        let pendingBefore = pending != nil
        readByte(byte)
        guard wasCode else { return }
        switch mode {
        case .lineComment, .blockComment:
            // A comment started (with the byte held back before, if any).
            return
        case .code:
            // A byte held back (`/`, `-`, `#`) that started no comment was code.
            if pendingBefore { followsSeparator = false }
            switch byte {
            case UInt8(ascii: ","): followsSeparator = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"), Self.lineFeed, UInt8(ascii: "\r"): break
            default:
                // Held back, it is decided by the next byte.
                if pending == nil { followsSeparator = false }
            }
        default:
            // A string, character literal or JSX opened: code.
            followsSeparator = false
        }
    }

    private mutating func readByte(_ byte: UInt8) {
        // (A flag: comparing the optional with nil copies it, at every byte.)
        if rules.readsTags {
            tags!.read(byte)
            isLost = tags!.isLost
            return
        }
        switch mode {
        case .code:
            readCode(byte)
        case .string(let quote, let escaped, let empty):
            if escaped {
                mode = .string(quote: quote, escaped: false, empty: false)
            } else if byte == UInt8(ascii: "\\") {
                mode = .string(quote: quote, escaped: true, empty: false)
            } else if byte == quote
                || (byte == Self.lineFeed && quote != UInt8(ascii: "`") && !rules.stringsSpanLines)
            {
                mode = .code
                lastSignificant = quote
                emptyStringClosed = empty && byte == quote ? quote : nil
            } else if empty {
                mode = .string(quote: quote, escaped: false, empty: false)
            }
        case .longString(let quote, let escaped, let run):
            if escaped {
                mode = .longString(quote: quote, escaped: false, run: 0)
            } else if byte == quote {
                if run == 2 {
                    mode = .code
                    lastSignificant = quote
                } else {
                    mode = .longString(quote: quote, escaped: false, run: run + 1)
                }
            } else {
                mode = .longString(quote: quote, escaped: byte == UInt8(ascii: "\\"), run: 0)
            }
        case .character:
            readCharacter(byte)
        case .lineComment:
            if byte == Self.lineFeed {
                mode = .code
                atStatementStart = true
                loopOpened = false
                if rules.readsHeredocs, heredocs!.lineEnded() { mode = .heredocBody }
            }
        case .heredocWord:
            switch heredocs!.readWord(byte) {
            case .stays: break
            case .ended: mode = .code
            case .code:
                mode = .code
                readCode(byte)
            }
        case .heredocBody:
            if heredocs!.readBody(byte) {
                mode = .code
                atStatementStart = true
            }
        case .blockComment(let afterStar):
            if afterStar, byte == UInt8(ascii: "/") {
                mode = .code
            } else {
                mode = .blockComment(afterStar: byte == UInt8(ascii: "*"))
            }
        case .jsx:
            readJSX(byte)
        }
    }

    /// A byte inside JSX: read by `jsx` until it hands back to code.
    private mutating func readJSX(_ byte: UInt8) {
        switch jsx!.read(byte, closers: &closers) {
        case .stays: break
        case .code:
            mode = .code
            lastSignificant = byte
            previous = byte
        case .notATag:
            mode = .code
            readCode(byte)
        case .lost:
            isLost = true
        }
    }

    /// A byte after a `'` that may open a character literal: one character, or an escape of up to eight
    /// bytes, then `'`; anything else makes the `'` a lifetime or prime, and the bytes after it code.
    private mutating func readCharacter(_ byte: UInt8) {
        let escaped = literal.first == UInt8(ascii: "\\")
        if byte == UInt8(ascii: "'"), !literal.isEmpty, !(escaped && literal.count == 1) {
            literal.removeAll()
            mode = .code
            return
        }
        literal.append(byte)
        let limit = escaped ? 8 : (literal[0] >= 0x80 ? 4 : 1)
        guard literal.count > limit || byte == Self.lineFeed else { return }
        let replayed = literal
        literal.removeAll()
        mode = .code
        for byte in replayed {
            read(byte)
            if isLost { return }
        }
    }

    private mutating func readCode(_ byte: UInt8) {
        let before = pending
        let priorSignificant = lastSignificant
        let afterEmptyString = emptyStringClosed
        pending = nil
        emptyStringClosed = nil
        if rules.readsHeredocs, heredocs!.readCode(byte) {
            mode = .heredocWord
            return
        }
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), Self.lineFeed, UInt8(ascii: "\r"): break
        default: lastSignificant = byte
        }
        if rules.readsWords, readWords(byte) { return }
        if rules.dashDashComments, before == UInt8(ascii: "-"), byte == UInt8(ascii: "-") {
            mode = .lineComment
            return
        }
        if before == UInt8(ascii: "/"), byte == UInt8(ascii: "/") {
            mode = .lineComment
            return
        }
        if before == UInt8(ascii: "/"), byte == UInt8(ascii: "*") {
            mode = .blockComment(afterStar: false)
            return
        }
        // `# note` and `#!` are comments; `#include`, `#[derive]` and `#fff` are code.
        if before == UInt8(ascii: "#"), [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "!")].contains(byte) {
            mode = .lineComment
            return
        }
        if rules.readsJSX, enterJSX(byte, after: priorSignificant) { return }
        if byte == Self.lineFeed, rules.readsHeredocs, heredocs!.lineEnded() {
            // The line that opened heredocs ended: their bodies follow.
            mode = .heredocBody
            return
        }
        if afterEmptyString == byte, rules.longStringQuotes.contains(byte) {
            // The third quote of `"""`: a long string opens.
            mode = .longString(quote: byte, escaped: false, run: 0)
            return
        }
        switch byte {
        case UInt8(ascii: "("): closers.append(UInt8(ascii: ")"))
        case UInt8(ascii: "["): closers.append(UInt8(ascii: "]"))
        case UInt8(ascii: "{"):
            closers.append(typeBodyOpens ? Self.typeBodyCloser : UInt8(ascii: "}"))
            typeBodyOpens = false
        case UInt8(ascii: ";"):
            typeBodyOpens = false
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            if closers.last == byte || (byte == UInt8(ascii: "}") && closers.last == Self.typeBodyCloser) {
                closers.removeLast()
            } else if byte == UInt8(ascii: ")"), rules.keywords?.casePatterns == true,
                closers.last == BlockKeywords.code(of: "esac")
            {
                // A `case` pattern's `a|b)`: a command follows.
                atStatementStart = true
            } else {
                isLost = true
            }
        case UInt8(ascii: "\""), UInt8(ascii: "`"): mode = .string(quote: byte, escaped: false, empty: true)
        case UInt8(ascii: "'"):
            mode = rules.singleQuoteIsString ? .string(quote: byte, escaped: false, empty: true) : .character
        case UInt8(ascii: "/"), UInt8(ascii: "#"): pending = byte
        case UInt8(ascii: "-") where rules.dashDashComments: pending = byte
        default: break
        }
    }

    /// A byte read as code in JavaScript or TSX that goes back into JSX (true): a `<` that starts an
    /// element, or the `}` of an expression opened in one.
    private mutating func enterJSX(_ byte: UInt8, after prior: UInt8) -> Bool {
        if byte == UInt8(ascii: "<"), OpenJSX.mayStartElement(after: prior, afterExpressionWord: wordStartsExpression) {
            mode = .jsx
            jsx!.openTag()
            return true
        }
        if byte == UInt8(ascii: "}"),
            closers.last == OpenJSX.expressionInText || closers.last == OpenJSX.expressionInTag
        {
            jsx!.endExpression(closers.removeLast())
            mode = .jsx
            return true
        }
        return false
    }

    /// A byte read as code in a language whose words matter (`rules.readsWords`): a word's bytes are
    /// gathered (true: nothing more to do with the byte), a word ended is read, and where a statement
    /// starts is followed.
    private mutating func readWords(_ byte: UInt8) -> Bool {
        defer { previous = byte }
        if BlockKeywords.isWordByte(byte) {
            if word.isEmpty {
                wordStartsStatement = atStatementStart
                beforeWord = previous
            }
            if word.count < 12 { word.append(byte) } else { word = [0] }
            return true
        }
        if !word.isEmpty {
            if let keywords = rules.keywords {
                readKeyword(String(decoding: word, as: UTF8.self), followedBy: byte, keywords)
            }
            // A C or C++ type's body ends with `};` (compared as bytes: C's words are many).
            if rules.typeBodiesEndWithSemicolon, Self.typeWords.contains(word) { typeBodyOpens = true }
            if rules.readsJSX { wordStartsExpression = OpenJSX.expressionWords.contains(word) }
            word.removeAll(keepingCapacity: true)
        }
        guard let keywords = rules.keywords else { return false }
        if byte == Self.lineFeed {
            atStatementStart = true
            loopOpened = false
        } else if keywords.statementBytes.contains(byte) {
            atStatementStart = true
        } else if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") {
            atStatementStart = false
        }
        return false
    }

    /// A word read as code, ended by `next`: a keyword opens or closes a block.
    private mutating func readKeyword(_ text: String, followedBy next: UInt8, _ keywords: BlockKeywords) {
        let startsStatement = wordStartsStatement
        atStatementStart = keywords.startingStatement.contains(text)
        guard BlockKeywords.standsAlone(before: beforeWord, after: next) else { return }
        if keywords.closing.contains(text), !keywords.closesAtStatementStart || startsStatement {
            if let last = closers.last, let expected = BlockKeywords.word(for: last),
                expected == text || expected.hasPrefix(text + " ")
            {
                closers.removeLast()
            } else {
                isLost = true
            }
            return
        }
        guard let closer = keywords.anywhere[text] ?? (startsStatement ? keywords.atStatementStart[text] : nil) else {
            return
        }
        if text == "do", loopOpened {
            loopOpened = false
            return
        }
        if startsStatement, keywords.loopsWithOptionalDo.contains(text) { loopOpened = true }
        closers.append(BlockKeywords.code(of: closer))
    }

    static let lineFeed = UInt8(ascii: "\n")
}
