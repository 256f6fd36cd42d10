import FoundationEssentials

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

    /// For dark backgrounds (the default): `Themes/dark.json`.
    public static let dark = Theme(file: builtInFile(.dark))
    /// For light backgrounds: `Themes/light.json`.
    public static let light = Theme(file: builtInFile(.light))
    /// The 16 palette colours and attributes only: `Themes/ansi.json`.
    public static let ansi = Theme(file: builtInFile(.ansi))

    /// A built-in theme's file. SwiftPM compiles the JSON into the binary (`embedInCode`), so there is
    /// no file to find at run time and a static binary needs no resource bundle; only the theme in use
    /// is decoded.
    static func builtInFile(_ name: Name) -> ThemeFile {
        let bytes: [UInt8]
        switch name {
        case .dark: bytes = PackageResources.dark_json
        case .light: bytes = PackageResources.light_json
        case .ansi: bytes = PackageResources.ansi_json
        }
        do {
            return try ThemeLoader.decode(bytes, path: "\(name.rawValue).json")
        } catch {
            // The files are part of the source and every one is decoded by the tests: this is a build defect.
            fatalError("built-in theme \(error)")
        }
    }
}
