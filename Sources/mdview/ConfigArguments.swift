/// Joins the config file's flags with the command line's into the one argument list the parser sees.
///
/// The config's flags come first, and a flag the command line names drops the config's setting of it
/// (and of the flags it pairs with, such as `--images` and `--no-images`), so the command line always
/// wins — also for on/off flags that cannot be repeated the other way.
enum ConfigArguments {
    /// Flags that set the same thing under another name: naming one on the command line overrides
    /// the config's use of any of them.
    static let sameSetting: [String: String] = [
        "-p": "--pager", "-v": "--verbose", "--no-images": "--images",
    ]

    /// The arguments to parse: the config's (minus those the command line overrides), then the
    /// command line's.
    static func combine(config: ConfigFile?, commandLine: [String]) -> [String] {
        guard let config else { return commandLine }
        let overridden = settings(namedIn: commandLine)
        var arguments: [String] = []
        for line in config.lines where !overridden.contains(setting(of: line.arguments[0])) {
            arguments += line.arguments
        }
        return arguments + commandLine
    }

    /// Whether the command line asks to ignore the config file.
    static func ignoresConfig(_ commandLine: [String]) -> Bool {
        commandLine.prefix { $0 != "--" }.contains("--no-config")
    }

    /// The setting a flag changes: its long name, shared by flags that set the same thing.
    static func setting(of argument: String) -> String {
        let flag = ConfigFile.flagName(argument)
        return sameSetting[flag] ?? flag
    }

    /// Every setting the command line names (up to `--`); `-vp` names `-v` and `-p`.
    static func settings(namedIn commandLine: [String]) -> Set<String> {
        var named: Set<String> = []
        for argument in commandLine.prefix(while: { $0 != "--" }) where argument.hasPrefix("-") && argument != "-" {
            if argument.hasPrefix("--") {
                named.insert(setting(of: argument))
            } else {
                for letter in argument.dropFirst() { named.insert(setting(of: "-\(letter)")) }
            }
        }
        return named
    }

    /// Checks the config's flags with the command's own parser and, when they are wrong, finds the
    /// line at fault, so the message names it: `mdview: <file>: line 3: Unknown option '--colour'`.
    ///
    /// All lines are parsed together first (one parse, the usual case); only a failure parses line by
    /// line to find the culprit.
    static func validate(
        _ config: ConfigFile, parse: ([String]) throws -> Void, message: (any Error) -> String
    ) throws(ConfigError) {
        do {
            try parse(config.lines.flatMap(\.arguments))
        } catch {
            for line in config.lines {
                do {
                    try parse(line.arguments)
                } catch {
                    throw ConfigError(path: config.path, line: line.number, reason: message(error))
                }
            }
            throw ConfigError(path: config.path, line: nil, reason: message(error))
        }
    }
}
