import FoundationEssentials
import Testing

@testable import MarkdownCore

@Test func syntaxStyleFallsBackToTheLongestKnownPrefix() {
    var theme = Theme.dark
    theme.syntax = ["function": Style(bold: true), "function.builtin": Style(italic: true)]
    #expect(theme.syntaxStyle(forCapture: "function.method.builtin") == Style(bold: true))
    #expect(theme.syntaxStyle(forCapture: "function.builtin") == Style(italic: true))
    #expect(theme.syntaxStyle(forCapture: "variable") == nil)
}

/// Built-in themes are data files; user theme files inherit from a built-in base.
@Suite struct ThemeFileTests {
    func writeTheme(_ json: String) -> String {
        let directory = URL(fileURLWithPath: "/tmp").appendingPathComponent(
            "mdview-theme-\(UInt32.random(in: 0...UInt32.max))")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("theme.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(json.utf8)))
        return path
    }

    @Test(arguments: Theme.Name.allCases)
    func everyBuiltInThemeSetsEveryStyle(name: Theme.Name) {
        let file = Theme.builtInFile(name)
        #expect(Set(file.styles.keys) == Set(Theme.styleNames))
        var theme = Theme.blank
        for name in Theme.styleNames {
            let known = theme.setStyle(Style(bold: true), named: name)
            #expect(known)
            #expect(theme.style(named: name) == Style(bold: true))
        }
        #expect(file.syntax.count >= 16)
        #expect(file.name == name.rawValue)
    }

    @Test(arguments: Theme.Name.allCases)
    func theCompiledInThemeTextIsItsJSONFile(name: Theme.Name) throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/MarkdownCore/Theme/Themes/\(name.rawValue).json").standardizedFileURL
            .path
        let text = String(decoding: try FileReader.read(path: path), as: UTF8.self)
        #expect(Theme.builtInJSON(name) + "\n" == text, "run scripts/generate-themes.py")
    }

    @Test(arguments: Theme.Name.allCases)
    func theGeneratedThemeEqualsTheThemeMadeFromItsFile(name: Theme.Name) {
        #expect(Theme.named(name) == Theme(file: Theme.builtInFile(name)), "run scripts/generate-themes.py")
    }

    @Test func theCaptureAliasesAreThoseOfTheirJSONFile() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/MarkdownCore/Theme/Themes/capture-aliases.json").standardizedFileURL
            .path
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(try FileReader.read(path: path)))
        #expect(decoded == Theme.captureAliases, "run scripts/generate-themes.py")
        #expect(Theme.captureAliases["boolean"] == "constant")
    }

    @Test func theAnsiThemeUsesOnlyTheSixteenPaletteColours() {
        let theme = Theme.ansi
        var styles = Theme.styleNames.compactMap { theme.style(named: $0) }
        styles += theme.syntax.values
        for style in styles {
            for color in [style.foreground, style.background].compactMap({ $0 }) {
                guard case .ansi(let index) = color else {
                    Issue.record("\(color) is not one of the 16 palette colours")
                    continue
                }
                #expect(index < 16)
            }
        }
        #expect(theme.headings[0].foreground == .ansi(3))  // yellow
    }

    @Test func aUserThemeInheritsWhatItLeavesOutFromItsBase() throws {
        let path = writeTheme(
            ##"{"base": "light", "styles": {"heading1": {"color": "#ff0000"}}, "syntax": {"keyword": {"color": 208}}}"##
        )
        let theme = try ThemeLoader.load(path: path)
        #expect(theme.heading(level: 1) == Style(foreground: .rgb(0xff, 0, 0)))
        #expect(theme.heading(level: 2) == Theme.light.heading(level: 2))
        #expect(theme.link == Theme.light.link)
        #expect(theme.background == .light)
        #expect(theme.syntaxStyle(forCapture: "keyword") == Style(foreground: .palette(208)))
        // Aliases follow the user's colour for the capture they stand for.
        #expect(theme.syntaxStyle(forCapture: "conditional") == Style(foreground: .palette(208)))
        #expect(theme.syntaxStyle(forCapture: "string") == Theme.light.syntaxStyle(forCapture: "string"))
    }

    @Test func aThemeWithoutABaseInheritsFromDark() throws {
        let theme = try ThemeLoader.load(path: writeTheme(#"{"styles": {"strong": {"bold": true, "color": "red"}}}"#))
        #expect(theme.strong == Style(foreground: .ansi(1), bold: true))
        #expect(theme.link == Theme.dark.link)
    }

    @Test func anUnknownStyleNamesItsLine() throws {
        let path = writeTheme(
            "{\n  \"base\": \"dark\",\n  \"styles\": {\n    \"heding1\": {\"color\": \"#ff0000\"}\n  }\n}\n")
        #expect(throws: ThemeError.self) { try ThemeLoader.load(path: path) }
        do {
            _ = try ThemeLoader.load(path: path)
        } catch {
            #expect(error.line == 4)
            #expect(error.reason.hasPrefix("styles.heding1: unknown style 'heding1'"))
            #expect(error.description.hasSuffix("theme.json: line 4: " + error.reason))
        }
    }

    @Test func aBadColourNamesItsLineAndTheFormsAccepted() throws {
        let path = writeTheme("{\n  \"styles\": {\n    \"link\": {\n      \"color\": \"#12345\"\n    }\n  }\n}\n")
        do {
            _ = try ThemeLoader.load(path: path)
            Issue.record("a bad colour was accepted")
        } catch {
            #expect(error.line == 4)
            #expect(error.reason.contains("'#12345' is not a colour"))
        }
    }

    @Test func aWrongTypeNamesItsLine() throws {
        let path = writeTheme("{\n  \"styles\": {\n    \"link\": {\"bold\": \"yes\"}\n  }\n}\n")
        do {
            _ = try ThemeLoader.load(path: path)
            Issue.record("a string was accepted as a flag")
        } catch {
            #expect(error.line == 3)
            #expect(error.reason == "styles.link.bold: expected true or false")
        }
    }

    @Test func anUnknownBaseIsAnError() throws {
        let path = writeTheme("{\n\n  \"base\": \"solarized\"\n}\n")
        do {
            _ = try ThemeLoader.load(path: path)
            Issue.record("an unknown base was accepted")
        } catch {
            #expect(error.line == 3)
            #expect(error.reason == "base 'solarized' is not a built-in theme (dark, light, ansi)")
        }
    }

    @Test func invalidJSONIsAnErrorNotACrash() throws {
        let path = writeTheme("{\"styles\": {\"link\": {\"color\" \"red\"}}}")
        do {
            _ = try ThemeLoader.load(path: path)
            Issue.record("invalid JSON was accepted")
        } catch {
            #expect(error.reason.hasPrefix("not valid JSON"))
        }
    }

    private func failure(_ json: String) -> String? {
        do {
            _ = try ThemeLoader.load(path: writeTheme(json))
            return nil
        } catch {
            return error.reason
        }
    }

    @Test(arguments: ["1e30", "300", "-1", "2.5"])
    func aColourNumberOutOfRangeSaysItIsANumber(number: String) throws {
        let reason = try #require(failure("{\"styles\": {\"link\": {\"color\": \(number)}}}"))
        #expect(reason.hasPrefix("styles.link.color: palette colour "), "\(reason)")
        #expect(reason.hasSuffix("is not a whole number from 0 to 255"), "\(reason)")
    }

    @Test func jsonNestedTooDeepSaysSo() throws {
        let depth = 100_000
        let json = "{\"styles\": " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        let reason = try #require(failure(json))
        #expect(reason.hasPrefix("nested more than 256 levels deep"), "\(reason)")
    }

    @Test func aLongColourIsQuotedCutShort() throws {
        let colour = String(repeating: "x", count: 1_000_000)
        let reason = try #require(failure("{\"styles\": {\"link\": {\"color\": \"\(colour)\"}}}"))
        #expect(reason.count < 400, "\(reason.prefix(200))")
        #expect(reason.contains("'" + String(repeating: "x", count: 60) + "…' is not a colour"))
    }

    @Test func aMissingThemeSaysItIsNeitherBuiltInNorAFile() throws {
        do {
            _ = try ThemeLoader.load(path: "/nonexistent/solarized")
            Issue.record("a missing file was accepted")
        } catch {
            #expect(
                error.description
                    == "/nonexistent/solarized: no such theme: neither a built-in theme (auto, dark, light, ansi) nor a file"
            )
        }
    }
}
