/// Display formulas followed line by line as the math extension (`CMathSyntax`) reads them, for
/// `SectionLineScanner`: a formula opened by `$$`, `\[` or `\begin{environment}` at the start of a line
/// takes every line up to its closer or a blank line whole, so a fence or an HTML tag inside it opens
/// nothing, and no section may be cut inside it.
///
/// The rules mirror `open_block` and `take_line` in `math_syntax.c`; where they differ a formula would be
/// followed where cmark sees none (or the reverse), and the section parse and the whole one part.
enum DisplayMathLines {
    /// A formula still open after the lines read: which closer it waits for, and for an environment how
    /// many `\begin{` are still open.
    enum Open: Equatable {
        case dollars
        case brackets
        case environment(depth: Int)
    }

    /// The display environments that open a formula (the extension's list).
    private static let environments: Set<String> = [
        "equation", "equation*", "align", "align*", "aligned", "gather", "gather*", "gathered", "multline",
        "multline*", "flalign", "flalign*", "alignat", "alignat*", "eqnarray", "eqnarray*", "displaymath", "split",
    ]

    /// The formula `content` (a line without its indentation, at most three spaces) opens and leaves
    /// open; nil when it opens none, or one it closes on the same line.
    static func opened(by content: Substring) -> Open? {
        let bytes = Array(content.utf8.reversed().drop { $0 == 0x0A || $0 == 0x0D }.reversed())[...]
        if bytes.starts(with: "$$".utf8) {
            let first = bytes.dropFirst(2).first { $0 != 0x20 && $0 != 0x09 }
            // Prose that starts with dollars (`$$$`, `$$5 off`) is a formula only if it closes on its line.
            if let first, first == UInt8(ascii: "$") || (0x30...0x39).contains(first) { return nil }
            return after(.dollars, line: bytes.dropFirst(2))
        }
        if bytes.starts(with: "\\[".utf8) {
            let rest = bytes.dropFirst(2)
            // `\[` followed by text is CommonMark's escaped bracket unless `\]` closes it on the line.
            if rest.contains(where: { $0 != 0x20 && $0 != 0x09 }) { return nil }
            return .brackets
        }
        let begin = Array("\\begin{".utf8)
        guard bytes.starts(with: begin), let close = bytes.dropFirst(begin.count).firstIndex(of: UInt8(ascii: "}")),
            environments.contains(String(decoding: bytes[(bytes.startIndex + begin.count)..<close], as: UTF8.self))
        else { return nil }
        return after(.environment(depth: 0), line: bytes)
    }

    /// The formula after one more line of it (not blank: a blank line ends it); nil once it closed.
    static func after(_ open: Open, line: Substring) -> Open? {
        after(open, line: Array(line.utf8)[...])
    }

    private static func after(_ open: Open, line bytes: ArraySlice<UInt8>) -> Open? {
        var depth = if case .environment(let depth) = open { depth } else { 0 }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            let next = index + 1 < bytes.endIndex ? bytes[index + 1] : nil
            if open == .dollars, byte == UInt8(ascii: "$"), next == UInt8(ascii: "$") { return nil }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            if open == .brackets, next == UInt8(ascii: "]") { return nil }
            if case .environment = open {
                let rest = bytes[index...]
                if rest.starts(with: "\\begin{".utf8) {
                    depth += 1
                    index += 7
                    continue
                }
                if rest.starts(with: "\\end{".utf8) {
                    guard let close = rest.firstIndex(of: UInt8(ascii: "}")) else { break }
                    depth -= 1
                    if depth == 0 { return nil }
                    index = close + 1
                    continue
                }
            }
            index += 2  // an escaped character: `\$` closes nothing
        }
        if case .environment = open { return .environment(depth: depth) }
        return open
    }
}
