/// What closes the text `ScanState` read: the closers of its brackets and words, after whatever closes
/// the string, comment or heredoc it ends in.
extension ScanState {
    /// Whether the text read ends inside a string that goes on over lines, which its quote closes, or
    /// inside a block comment, which `*/` closes.
    private var inTokenOverLines: Bool {
        switch mode {
        case .string(let quote, _, _): quote == UInt8(ascii: "`") || rules.stringsSpanLines
        case .longString, .blockComment, .heredocBody: true
        case .code, .lineComment: rules.readsHeredocs && !heredocs!.open.isEmpty
        default: false
        }
    }

    /// What closes the text read: see `OpenBrackets.suffix`.
    var suffix: [UInt8]? {
        if let tags { return tags.suffix }
        guard !isLost, pending != UInt8(ascii: "/") else { return nil }
        if closers.isEmpty, !inTokenOverLines { return [] }
        var suffix: [UInt8] = []
        // JSX elements and start tags met so far, from the innermost.
        var jsxDepth = 0
        if rules.fillsSeparators, mode == .code {
            // JSON allows no value missing after a `,` or `:`: one is supplied (its tokens are cut off
            // with the closers'), so that a block ending in one still parses closed.
            switch (lastSignificant, closers.last) {
            case (UInt8(ascii: ":"), _), (UInt8(ascii: ","), UInt8(ascii: "]")): suffix = Array("null".utf8)
            case (UInt8(ascii: ","), UInt8(ascii: "}")): suffix = Array("\"\":null".utf8)
            default: break
            }
        }
        for closer in closers.reversed() {
            if let word = BlockKeywords.word(for: closer) {
                // A closing word on a line of its own.
                suffix.append(Self.lineFeed)
                suffix.append(contentsOf: word.utf8)
            } else if closer == Self.typeBodyCloser {
                suffix.append(contentsOf: [UInt8(ascii: "}"), UInt8(ascii: ";")])
            } else if rules.readsJSX, closer >= OpenJSX.element, closer <= OpenJSX.expressionInTag {
                suffix.append(contentsOf: jsx!.closers(for: closer, at: jsxDepth))
                if closer == OpenJSX.element || closer == OpenJSX.startTag { jsxDepth += 1 }
            } else {
                if closer == UInt8(ascii: "}"), rules.bracesOnOwnLines { suffix.append(Self.lineFeed) }
                suffix.append(closer)
            }
        }
        switch mode {
        case .heredocBody: return heredocs!.closers(inBody: true, before: suffix)
        case .code where rules.readsHeredocs && !heredocs!.open.isEmpty,
            .lineComment where rules.readsHeredocs && !heredocs!.open.isEmpty:
            // A heredoc opened on the last line: its body is empty so far.
            return heredocs!.closers(inBody: false, before: suffix)
        case .code: return suffix
        case .lineComment: return [Self.lineFeed] + suffix
        case .jsx where jsx!.allowsClosers: return suffix
        case .string(let quote, false, _) where inTokenOverLines:
            // A string or comment that goes on over lines is closed first (a template literal, a Ruby,
            // shell or SQL string, Python's `"""`, a `/*` comment): left open, the rest of the block reads
            // as an error, parsed whole at every line, and shown in the colours of the error.
            return [quote] + suffix
        case .longString(let quote, false, let run): return Array(repeating: quote, count: 3 - run) + suffix
        case .blockComment(let afterStar):
            return (afterStar ? [UInt8(ascii: "/")] : [UInt8(ascii: "*"), UInt8(ascii: "/")]) + suffix
        default: return nil
        }
    }
}
