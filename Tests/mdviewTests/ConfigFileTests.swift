import FoundationEssentials
import Glibc
import TestSupport
import Testing

/// The config file: where it is looked for, how its lines become flags, how the command line overrides
/// it, and the messages a bad one gets.
@Suite struct ConfigFileTests {
    let paragraph = "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll\n"

    /// Writes `text` as a config file in a fresh directory; returns the directory.
    func configDirectory(_ text: String, name: String = "config") -> URL {
        let directory = MDViewProcess.temporaryDirectory()
        #expect(
            FileManager.default.createFile(
                atPath: directory.appendingPathComponent(name).path, contents: Data(text.utf8)))
        return directory
    }

    func run(_ arguments: String = "", config: String, stdin: String? = nil) throws -> MDViewProcess.Result {
        let directory = configDirectory(config)
        return try MDViewProcess.shell(
            "\"$MDVIEW\" \(arguments)", stdin: stdin ?? paragraph,
            environment: ["MDVIEW_CONFIG_PATH": directory.appendingPathComponent("config").path])
    }

    func widths(_ output: String) -> [Int] { output.split(separator: "\n").map(\.count) }

    @Test func aFlagWithItsValueOnOneLineApplies() throws {
        let result = try run(config: "--width 20\n")
        #expect(result.status == 0)
        #expect(widths(result.output).max() == 19)
    }

    @Test func commentsBlankLinesAndEqualsFormAreAccepted() throws {
        let result = try run(config: "# my defaults\n\n   \n--width=20\n  # indented comment\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(widths(result.output).max() == 19)
    }

    @Test func theCommandLineOverridesTheConfig() throws {
        let result = try run("--width 30", config: "--width 20\n")
        #expect(widths(result.output).max() == 27)
    }

    @Test func noConfigIgnoresTheFile() throws {
        let result = try run("--no-config", config: "--width 20\n")
        #expect(result.output == paragraph)
    }

    @Test func aCommandLineFlagOverridesItsPairedFlagInTheConfig() throws {
        // --images sixel in the config and --no-images on the command line would conflict if both applied.
        let result = try run("--no-images", config: "--images sixel\n")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func xdgConfigHomeIsSearched() throws {
        let directory = MDViewProcess.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("mdview"), withIntermediateDirectories: true)
        #expect(
            FileManager.default.createFile(
                atPath: directory.appendingPathComponent("mdview/config").path, contents: Data("--width 20\n".utf8)))
        let result = try MDViewProcess.shell(
            "\"$MDVIEW\"", stdin: paragraph, environment: ["XDG_CONFIG_HOME": directory.path])
        #expect(widths(result.output).max() == 19)
    }

    @Test func homeConfigIsSearchedWithoutXDGConfigHome() throws {
        let home = MDViewProcess.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent(".config/mdview"), withIntermediateDirectories: true)
        #expect(
            FileManager.default.createFile(
                atPath: home.appendingPathComponent(".config/mdview/config").path, contents: Data("--width 20\n".utf8)))
        let result = try MDViewProcess.shell(
            "unset XDG_CONFIG_HOME; \"$MDVIEW\"", stdin: paragraph, environment: ["HOME": home.path])
        #expect(widths(result.output).max() == 19)
    }

    @Test func anUnknownFlagNamesTheFileAndLine() throws {
        let result = try run(config: "--width 30\n# fine so far\n--colour always\n")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("mdview: "))
        #expect(result.stderr.contains("/config: line 3: Unknown option '--colour'"))
        #expect(result.stdout.isEmpty)
    }

    @Test func aBadValueNamesTheFileAndLine() throws {
        let result = try run(config: "--width 2\n")
        #expect(result.status == 2)
        #expect(result.stderr.contains("/config: line 1: --width: 2 is out of range"))
    }

    @Test func aLineThatIsNotAFlagIsAnError() throws {
        let result = try run(config: "\nREADME.md\n")
        #expect(result.status == 2)
        #expect(result.stderr.contains("/config: line 2: 'README.md' is not a flag"))
    }

    @Test func commandLineOnlyFlagsAreRefused() throws {
        let result = try run(config: "--help\n")
        #expect(result.status == 2)
        #expect(result.stderr.contains("line 1: --help belongs on the command line only"))
    }

    @Test func crlfLinesAreLinesOfTheirOwn() throws {
        let result = try run(config: "# my defaults\r\n--width 20\r\n--color never\r\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(widths(result.output).max() == 19)
    }

    @Test func aBadValueOnACRLFLineNamesThatLineAlone() throws {
        let result = try run(config: "--width 2\r\n--color never\r\n")
        #expect(result.status == 2)
        #expect(result.stderr.contains("/config: line 1: --width: 2 is out of range"), "\(result.stderr)")
        #expect(!result.stderr.contains("never"))
    }

    @Test func aByteOrderMarkBeforeTheFirstFlagIsIgnored() throws {
        let result = try run(config: "\u{FEFF}--width 20\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(widths(result.output).max() == 19)
    }

    @Test func aMissingExplicitConfigIsAnError() throws {
        let result = try MDViewProcess.shell(
            "\"$MDVIEW\"", stdin: paragraph, environment: ["MDVIEW_CONFIG_PATH": "/nonexistent/mdview.conf"])
        #expect(result.status == 2)
        #expect(result.stderr == "mdview: /nonexistent/mdview.conf: No such file or directory\n")
    }

    @Test func noConfigFileAtTheDefaultPlaceIsFine() throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\"", stdin: paragraph, environment: ["HOME": "/nonexistent"])
        #expect(result.status == 0)
        #expect(result.output == paragraph)
    }
}
