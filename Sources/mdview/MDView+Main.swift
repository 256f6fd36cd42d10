import ArgumentParser
import FoundationEssentials
import Glibc

extension MDView {
    /// Runs the command with mdview's own error format: `mdview: <what>: <why>` and a usage hint.
    ///
    /// Exit status: 0 success, 1 when an input could not be rendered, 2 for a usage error.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
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
}
