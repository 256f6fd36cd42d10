import FoundationEssentials
import Glibc
import MarkdownCore

/// The user's default flags, in the convention of bat and ripgrep: one command-line flag per line
/// (optionally with its value, `--width 80` or `--theme=light`), `#` comment lines and blank lines.
///
/// It exists so that a user can make their choices once instead of on every command line; the command
/// puts its lines' arguments before the real ones, so flags given on the command line win.
struct ConfigFile: Equatable {
    /// One line that holds a flag: its number (from 1) and the arguments it stands for.
    struct Line: Equatable {
        var number: Int
        var arguments: [String]
    }

    /// The path as it will be named in messages.
    var path: String
    var lines: [Line]

    /// Flags that only make sense on the command line: a config file holding one is a mistake.
    static let commandLineOnly: Set<String> = [
        "--help", "-h", "--version", "--no-config", "--list-languages", "--generate-completion-script",
    ]

    /// Where the config file is: `$MDVIEW_CONFIG_PATH`, else `$XDG_CONFIG_HOME/mdview/config`, else
    /// `~/.config/mdview/config`. `explicit` is true for `MDVIEW_CONFIG_PATH`, whose file must exist.
    static func location(environment: (String) -> String?) -> (path: String, explicit: Bool)? {
        if let path = environment("MDVIEW_CONFIG_PATH"), !path.isEmpty { return (path, true) }
        if let config = environment("XDG_CONFIG_HOME"), config.hasPrefix("/") {
            return (config + "/mdview/config", false)
        }
        guard let home = environment("HOME"), !home.isEmpty else { return nil }
        return (home + "/.config/mdview/config", false)
    }

    /// Reads the config file, or nil when there is none at the default place.
    static func load(environment: (String) -> String?) throws(ConfigError) -> ConfigFile? {
        guard let (path, explicit) = location(environment: environment) else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(path: path, limit: 1 << 20, regularFilesOnly: true)
        } catch {
            if !explicit, error == .missing(path: path) || error == .cannotOpen(path: path, errno: ENOTDIR) {
                return nil
            }
            throw ConfigError(path: path, line: nil, reason: error.reason)
        }
        return try parse(String(decoding: bytes, as: UTF8.self), path: path)
    }

    /// Splits the text into lines of arguments. A line is a flag, or a flag, white space and a value
    /// (the rest of the line, kept as it is: `--grammar-dir /my grammars` is one value). Lines may end
    /// in LF or CRLF, and a UTF-8 byte-order mark at the start is not part of the first line.
    static func parse(_ text: String, path: String) throws(ConfigError) -> ConfigFile {
        var lines: [Line] = []
        // A CRLF is one Character in Swift, so splitting on "\n" alone would not see it.
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        let rawLines = body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, raw) in rawLines.enumerated() {
            let line = Self.trimmed(raw)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let number = index + 1
            guard line.hasPrefix("-"), line != "-", line != "--" else {
                throw ConfigError(
                    path: path, line: number,
                    reason: "'\(line)' is not a flag (each line holds one flag, such as --theme light)")
            }
            var arguments = [line]
            if let space = line.firstIndex(where: { $0 == " " || $0 == "\t" }),
                !line[..<space].contains("=")
            {
                let value = Self.trimmed(line[space...])
                arguments = [String(line[..<space]), value]
            }
            let flag = Self.flagName(arguments[0])
            if commandLineOnly.contains(flag) {
                throw ConfigError(path: path, line: number, reason: "\(flag) belongs on the command line only")
            }
            lines.append(Line(number: number, arguments: arguments))
        }
        return ConfigFile(path: path, lines: lines)
    }

    /// The text without white space (spaces, tabs, a CR of a CRLF line end) at either end.
    static func trimmed(_ text: Substring) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// `--theme=light` → `--theme`; other arguments unchanged.
    static func flagName(_ argument: String) -> String {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return argument }
        return String(argument[..<equals])
    }
}

/// A config file that cannot be used: where, and why. The command prints
/// `mdview: <file>: line N: <why>` and exits with status 2.
struct ConfigError: Error, Equatable, CustomStringConvertible {
    var path: String
    /// The line at fault, when the problem is one line's.
    var line: Int?
    var reason: String

    var description: String {
        let file = ControlCharacterSanitizer.sanitizeForMessage(path)
        return line.map { "\(file): line \($0): \(reason)" } ?? "\(file): \(reason)"
    }
}
