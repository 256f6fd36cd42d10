import ArgumentParser
import FoundationEssentials
import Glibc
import MarkdownCore

extension MDView {
    /// Runs the command with mdview's own error format: `mdview: <what>: <why>` and a usage hint.
    ///
    /// Exit status: 0 success, 1 when an input could not be rendered, 2 for a usage error.
    static func main() {
        do {
            let arguments = try argumentsWithConfig()
            if let invocation = Invocation(fastParsing: arguments) {
                try run(invocation, imageOptions: nil)
            }
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let error as ConfigError {
            Diagnostics.printError(error.description)
            Glibc.exit(2)
        } catch let error as ThemeError {
            Diagnostics.printError(error.description)
            Glibc.exit(2)
        } catch let error as InputError {
            Diagnostics.printError(error.description)
            Glibc.exit(2)
        } catch let code as ExitCode {
            Glibc.exit(code.rawValue)
        } catch {
            let exitCode = Self.exitCode(for: error)
            if exitCode == .success {
                Self.exit(withError: error)  // --help, --version
            }
            Diagnostics.printError(Self.message(for: error))
            Diagnostics.writeToStandardError("Usage: mdview [options] [file ...]  (see 'mdview --help')\n")
            Glibc.exit(2)
        }
    }

    /// The command line with the config file's flags before it (unless `--no-config`); a config file
    /// that names an unknown flag or a bad value is an error naming its line. Lines the fast path
    /// reads need no check by the argument parser (see `Invocation`).
    static func argumentsWithConfig() throws(ConfigError) -> [String] {
        let commandLine = Array(CommandLine.arguments.dropFirst())
        if ConfigArguments.ignoresConfig(commandLine) { return commandLine }
        let environment = { (name: String) in getenv(name).map { String(cString: $0) } }
        guard let config = try ConfigFile.load(environment: environment) else { return commandLine }
        let lines = config.lines.flatMap(\.arguments)
        if Invocation(fastParsing: lines)?.files.isEmpty != true {
            try ConfigArguments.validate(
                config,
                parse: { arguments in
                    // A value where none belongs (`--timings yes`) would be taken for an input file.
                    if let operand = try parse(arguments).files.first {
                        throw ValidationError("'\(operand)' is not a flag, and files belong on the command line")
                    }
                }, message: { message(for: $0) })
        }
        return ConfigArguments.combine(config: config, commandLine: commandLine)
    }
}
