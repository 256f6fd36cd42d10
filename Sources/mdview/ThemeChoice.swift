import MarkdownCore

/// What `--theme` (or `MDVIEW_THEME`) asks for: a built-in theme by name, a theme file by path, or
/// `auto` (the terminal's background decides between `dark` and `light`).
enum ThemeChoice: Equatable {
    case auto
    case builtIn(Theme.Name)
    case file(String)

    /// A built-in name or `auto`; anything else is a path to a theme file.
    init(_ text: String) {
        if text == "auto" {
            self = .auto
        } else if let name = Theme.Name(rawValue: text) {
            self = .builtIn(name)
        } else {
            self = .file(text)
        }
    }

    /// The choice from the command line, else `MDVIEW_THEME`, else `auto`.
    static func from(option: String?, environment: [String: String]) -> ThemeChoice {
        if let option { return ThemeChoice(option) }
        if let variable = environment["MDVIEW_THEME"], !variable.isEmpty { return ThemeChoice(variable) }
        return .auto
    }

    /// The theme. `background` is asked only for `auto`: the terminal's background, or nil when it
    /// did not say (then `dark`).
    func theme(background: () -> Theme.Background?) throws(ThemeError) -> Theme {
        switch self {
        case .auto: return background() == .light ? .light : .dark
        case .builtIn(let name): return .named(name)
        case .file(let path): return try ThemeLoader.load(path: path)
        }
    }
}

extension Theme.Background {
    /// Light when the colour's relative luminance (Rec. 709 weights) is above one half.
    init(color: (red: UInt8, green: UInt8, blue: UInt8)) {
        let luminance = 0.2126 * Double(color.red) + 0.7152 * Double(color.green) + 0.0722 * Double(color.blue)
        self = luminance > 127.5 ? .light : .dark
    }
}
