import FoundationEssentials
import Glibc
import TestSupport
import Testing

/// `--theme` and `MDVIEW_THEME` end to end: built-in names, theme files and their errors.
@Suite struct ThemeCommandTests {
    let sample = "# Title\n\nSome `code` and a [link](https://example.com).\n"

    func themeFile(_ json: String) -> String {
        let path = MDViewProcess.temporaryDirectory().appendingPathComponent("theme.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(json.utf8)))
        return path
    }

    /// The SGR parameter lists in `output`.
    func sgrParameters(_ output: String) -> [String] {
        output.split(separator: "\u{1B}[").compactMap { piece in
            guard let end = piece.firstIndex(of: "m") else { return nil }
            return String(piece[..<end])
        }
    }

    @Test func theAnsiThemeWritesOnlyPaletteColours() throws {
        let result = try MDViewProcess.shell(
            "\"$MDVIEW\" --color always --theme ansi", stdin: sample, environment: ["COLORTERM": "truecolor"])
        #expect(result.status == 0)
        let parameters = sgrParameters(result.output)
        #expect(!parameters.isEmpty)
        for list in parameters {
            #expect(!list.contains("38;") && !list.contains("48;"), "not a palette colour: \(list)")
        }
        #expect(parameters.contains("0;1;4;33"))  // the level-1 heading: bold, underlined, yellow
    }

    @Test func mdviewThemeSetsTheDefaultAndTheFlagOverridesIt() throws {
        let light = try MDViewProcess.shell("\"$MDVIEW\" --color always --theme light", stdin: sample)
        let dark = try MDViewProcess.shell("\"$MDVIEW\" --color always --theme dark", stdin: sample)
        let fromEnvironment = try MDViewProcess.shell(
            "\"$MDVIEW\" --color always", stdin: sample, environment: ["MDVIEW_THEME": "light"])
        let overridden = try MDViewProcess.shell(
            "\"$MDVIEW\" --color always --theme dark", stdin: sample, environment: ["MDVIEW_THEME": "light"])
        #expect(light.stdout != dark.stdout)
        #expect(fromEnvironment.stdout == light.stdout)
        #expect(overridden.stdout == dark.stdout)
    }

    @Test func aThemeFileChangesWhatItNamesAndKeepsTheRest() throws {
        let path = themeFile(##"{"base": "dark", "styles": {"heading1": {"color": "#ff0000", "bold": true}}}"##)
        let custom = try MDViewProcess.shell(
            "\"$MDVIEW\" --color always --theme '\(path)'", stdin: sample, environment: ["COLORTERM": "truecolor"])
        let dark = try MDViewProcess.shell(
            "\"$MDVIEW\" --color always --theme dark", stdin: sample, environment: ["COLORTERM": "truecolor"])
        #expect(custom.status == 0)
        #expect(custom.output.contains("\u{1B}[0;1;38;2;255;0;0mTitle"))
        // Everything after the heading is the base's.
        #expect(custom.output.split(separator: "\n").dropFirst(2) == dark.output.split(separator: "\n").dropFirst(2))
    }

    @Test func aBadThemeFileIsAUsageErrorNamingTheLine() throws {
        let path = themeFile("{\n  \"styles\": {\n    \"link\": {\"color\": \"purpleish\"}\n  }\n}\n")
        let result = try MDViewProcess.shell("\"$MDVIEW\" --color always --theme '\(path)'", stdin: sample)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("mdview: \(path): line 3: styles.link.color: 'purpleish' is not a colour"))
        #expect(result.stdout.isEmpty)
    }

    @Test func anUnknownThemeNameIsAUsageError() throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\" --theme solarized", stdin: sample)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "mdview: solarized: no such theme: neither a built-in theme (auto, dark, light, ansi) nor a file\n")
    }

    @Test func autoIsDarkWhenTheTerminalIsNotAsked() throws {
        // A pipe: nothing is asked, and auto means dark.
        let auto = try MDViewProcess.shell("\"$MDVIEW\" --color always", stdin: sample)
        let dark = try MDViewProcess.shell("\"$MDVIEW\" --color always --theme dark", stdin: sample)
        #expect(auto.stdout == dark.stdout)
    }

    static let fakeTerminal = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fake_terminal.py").path

    /// mdview's output on a pseudo-terminal that answers DA1 with `reply` (Python escapes), after the
    /// questions it asked (the part up to DA1, `ESC [ c`, when it asked any).
    func onTerminal(_ arguments: String, reply: String) throws -> (questions: String, page: String) {
        let file = MDViewProcess.temporaryDirectory().appendingPathComponent("doc.md").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data(sample.utf8)))
        let result = try MDViewProcess.shell(
            "python3 '\(Self.fakeTerminal)' '\(reply)' \"$MDVIEW\" --pager never \(arguments) '\(file)'")
        let output = result.output
        guard let da1 = output.firstRange(of: "\u{1B}[c") else { return ("", output) }
        return (String(output[..<da1.upperBound]), String(output[da1.upperBound...]))
    }

    @Test func autoAsksTheTerminalAndALightBackgroundGetsTheLightTheme() throws {
        let auto = try onTerminal("", reply: #"\x1b]11;rgb:ffff/ffff/f0f0\x1b\\\x1b[?62c"#)
        let light = try onTerminal("--theme light", reply: "")
        #expect(auto.questions.contains("\u{1B}]11;?\u{1B}\\"), "no OSC 11 question")
        #expect(auto.questions.contains("\u{1B}_Gi=31"), "the image questions are not in the same round trip")
        #expect(light.questions.isEmpty, "a fixed theme asked the terminal")
        #expect(auto.page == light.page)
        #expect(auto.page.contains("\u{1B}["))
    }

    @Test(arguments: [#"\x1b]11;rgb:1e1e/1e1e/2e2e\x1b\\\x1b[?62c"#, #"\x1b[?62c"#])
    func autoIsDarkOnADarkBackgroundOrWithoutAnAnswer(reply: String) throws {
        let auto = try onTerminal("", reply: reply)
        let dark = try onTerminal("--theme dark", reply: "")
        #expect(!auto.questions.isEmpty)
        #expect(auto.page == dark.page)
    }
}
