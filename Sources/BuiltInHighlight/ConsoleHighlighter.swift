import MarkdownCore

/// Colours a `console` block (a terminal session): the commands after a prompt in the language of the
/// prompt, the prompt itself as `comment.prompt`, and the output not at all.
///
/// A line is a command when it starts with a prompt: `$ `, `# `, `% `, `> `, a shell's `user@host:~$ `,
/// PowerShell's `PS> ` or `PS C:\dir> `, or Python's `>>> ` (whose `... ` lines continue it). A shell
/// command ending in `\` continues on the next line. Every other line is output. The commands of one
/// language are highlighted together as one program, so that a loop written over several prompts parses
/// as the shell would run it.
enum ConsoleHighlighter {
    /// The language of a prompt's command.
    enum CommandLanguage: String {
        case shell = "bash"
        case python = "python"
        case powershell = "powershell"
    }

    /// `highlight(program, alias)` colours a program in a language (nil when it cannot).
    static func tokens(for code: String, highlight: (String, String) -> [SyntaxToken]?) -> [SyntaxToken] {
        let bytes = Array(code.utf8)
        var prompts: [SyntaxToken] = []
        var programs: [CommandLanguage: EmbeddedCode] = [:]
        var continuing: CommandLanguage?
        for line in LineSplit.ranges(in: bytes) {
            let text = bytes[line]
            if let language = continuing {
                if language == .python {
                    if text.starts(with: Array("... ".utf8)) || text.elementsEqual("...".utf8) {
                        let prompt = min(4, text.count)
                        prompts.append(
                            SyntaxToken(range: line.lowerBound..<(line.lowerBound + prompt), capture: capture))
                        programs[.python, default: EmbeddedCode()].append(
                            (line.lowerBound + prompt)..<line.upperBound, of: bytes)
                        continue
                    }
                } else {
                    programs[language, default: EmbeddedCode()].append(line, of: bytes)
                    continuing = text.last == UInt8(ascii: "\\") ? language : nil
                    continue
                }
                continuing = nil
            }
            guard let (length, language) = prompt(of: text) else { continue }
            prompts.append(SyntaxToken(range: line.lowerBound..<(line.lowerBound + length), capture: capture))
            programs[language, default: EmbeddedCode()].append((line.lowerBound + length)..<line.upperBound, of: bytes)
            continuing = language == .python || text.last == UInt8(ascii: "\\") ? language : nil
        }
        var tokens = prompts
        for (language, embedded) in programs {
            let program = String(decoding: embedded.program, as: UTF8.self)
            // PowerShell without its grammar: its commands read well enough as a shell's.
            let found =
                highlight(program, language.rawValue)
                ?? (language == .powershell ? highlight(program, CommandLanguage.shell.rawValue) : nil)
            tokens += embedded.blockTokens(found ?? [])
        }
        return tokens.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    static let capture = "comment.prompt"

    /// The length of the prompt `line` starts with and the language of its command; nil for output.
    static func prompt(of line: ArraySlice<UInt8>) -> (Int, CommandLanguage)? {
        let text = Array(line)
        if text.starts(with: Array(">>> ".utf8)) { return (4, .python) }
        if text.elementsEqual(">>>".utf8) { return (3, .python) }
        if text.starts(with: Array("PS".utf8)) {
            // `PS> ` or `PS C:\Users\me> `.
            if let close = text.firstIndex(of: UInt8(ascii: ">")), close + 1 < text.count,
                text[close + 1] == UInt8(ascii: " "), close <= 80,
                close == 2 || text[2] == UInt8(ascii: " ")
            {
                return (close + 2, .powershell)
            }
        }
        guard let first = text.first else { return nil }
        let markers: Set<UInt8> = [UInt8(ascii: "$"), UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: ">")]
        if markers.contains(first), text.count == 1 || text[1] == UInt8(ascii: " ") {
            return (min(2, text.count), .shell)
        }
        // `user@host:~/dir$ `, `[user@host dir]# `, `host% `: a prefix without spaces (or one bracketed
        // part) ending in a marker and a space.
        var index = 0
        var bracketed = false
        while index < min(text.count, 80) {
            let byte = text[index]
            if byte == UInt8(ascii: "[") && index == 0 { bracketed = true }
            if byte == UInt8(ascii: "]") { bracketed = false }
            if byte == UInt8(ascii: " ") && !bracketed { return nil }
            if index > 0, byte == UInt8(ascii: "$") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "%"),
                index + 1 < text.count, text[index + 1] == UInt8(ascii: " "),
                text[..<index].contains(UInt8(ascii: "@")) || text[..<index].contains(UInt8(ascii: ":"))
                    || text[0] == UInt8(ascii: "[")
            {
                return (index + 2, .shell)
            }
            index += 1
        }
        return nil
    }
}
