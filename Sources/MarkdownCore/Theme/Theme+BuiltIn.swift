extension Theme {
    /// The built-in themes, by the names `--theme` accepts.
    public enum Name: String, CaseIterable, Sendable {
        /// For dark backgrounds (the default).
        case dark
        /// For light backgrounds.
        case light
        /// Only the terminal's own 16 palette colours, so it follows the user's colour scheme.
        case ansi
    }

    public static func named(_ name: Name) -> Theme {
        switch name {
        case .dark: return .dark
        case .light: return .light
        case .ansi: return .ansi
        }
    }

    /// For dark backgrounds (the default): `Themes/dark.json`, made into a theme when it is generated
    /// (`Theme+Generated.swift`), so that start-up builds no dictionary from another.
    public static let dark = generatedDark
    /// For light backgrounds: `Themes/light.json`.
    public static let light = generatedLight
    /// The 16 palette colours and attributes only: `Themes/ansi.json`.
    public static let ansi = generatedAnsi

    /// A built-in theme's file, what a user's theme file inherits from: `Themes/<name>.json`, carried as
    /// its text (`ThemeFile+BuiltIn.swift`) and decoded only when a theme file is read.
    static func builtInFile(_ name: Name) -> ThemeFile {
        do {
            return try ThemeLoader.decode(Array(builtInJSON(name).utf8), path: "\(name.rawValue).json")
        } catch {
            preconditionFailure("the built-in theme \(name.rawValue) does not decode: \(error.reason)")
        }
    }

    /// The text of `Themes/<name>.json`.
    static func builtInJSON(_ name: Name) -> String {
        switch name {
        case .dark: return ThemeFile.darkJSON
        case .light: return ThemeFile.lightJSON
        case .ansi: return ThemeFile.ansiJSON
        }
    }
}
