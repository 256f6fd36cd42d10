import FoundationEssentials

/// A theme as a file states it (JSON): an optional built-in `base`, the background it is made for,
/// and styles by name. Fields left out inherit from the base, so a user theme can change one colour.
///
/// Decoding refuses unknown fields and style names, so a typo is an error that names it rather than a
/// setting silently ignored.
struct ThemeFile: Decodable, Equatable {
    var name: String?
    var base: String?
    var background: Theme.Background?
    var styles: [String: ThemeStyle] = [:]
    var syntax: [String: ThemeStyle] = [:]

    static let fields = ["name", "base", "background", "styles", "syntax"]

    init(
        name: String?, base: String? = nil, background: Theme.Background?, styles: [String: ThemeStyle],
        syntax: [String: ThemeStyle]
    ) {
        self.name = name
        self.base = base
        self.background = background
        self.styles = styles
        self.syntax = syntax
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ThemeKey.self)
        try ThemeKey.refuseUnknown(in: container, allowed: Self.fields, what: "theme field")
        name = try container.decodeIfPresent(String.self, forKey: ThemeKey("name"))
        base = try container.decodeIfPresent(String.self, forKey: ThemeKey("base"))
        background = try container.decodeIfPresent(Theme.Background.self, forKey: ThemeKey("background"))
        styles = try container.decodeIfPresent([String: ThemeStyle].self, forKey: ThemeKey("styles")) ?? [:]
        syntax = try container.decodeIfPresent([String: ThemeStyle].self, forKey: ThemeKey("syntax")) ?? [:]
        if let unknown = styles.keys.sorted().first(where: { !Theme.styleNames.contains($0) }) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [ThemeKey("styles"), ThemeKey(unknown)],
                    debugDescription:
                        "unknown style '\(ThemeError.quoted(unknown))' (known: \(Theme.styleNames.joined(separator: ", ")))"
                )
            )
        }
    }

    /// This file's fields over `base`'s: a style this file names replaces the base's whole.
    func inheriting(from base: ThemeFile) -> ThemeFile {
        var merged = base
        merged.name = name ?? base.name
        merged.base = nil
        merged.background = background ?? base.background
        merged.styles.merge(styles) { $1 }
        merged.syntax.merge(syntax) { $1 }
        return merged
    }
}

/// One style in a theme file: `{"color": "#ff875f", "background": "#303030", "bold": true}`.
struct ThemeStyle: Decodable, Equatable {
    var style: Style

    static let fields = ["color", "background", "bold", "dim", "italic", "underline", "strikethrough", "inverse"]

    init(_ style: Style) {
        self.style = style
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ThemeKey.self)
        try ThemeKey.refuseUnknown(in: container, allowed: Self.fields, what: "style field")
        func flag(_ name: String) throws -> Bool {
            try container.decodeIfPresent(Bool.self, forKey: ThemeKey(name)) ?? false
        }
        style = Style(
            foreground: try container.decodeIfPresent(ThemeColor.self, forKey: ThemeKey("color"))?.color,
            background: try container.decodeIfPresent(ThemeColor.self, forKey: ThemeKey("background"))?.color,
            bold: try flag("bold"), dim: try flag("dim"), italic: try flag("italic"),
            underline: try flag("underline"), strikethrough: try flag("strikethrough"), inverse: try flag("inverse"))
    }
}

/// A colour in a theme file: `"#rrggbb"` (24-bit, degraded for smaller colour depths), one of the
/// terminal's 16 palette colours by name (`"red"`, `"bright-black"`, …: they follow the user's colour
/// scheme), or a number 0–255 for an entry of the 256-colour palette.
struct ThemeColor: Decodable, Equatable {
    var color: Color

    /// The 16 colours by their usual names, in palette order.
    static let names = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "bright-black", "bright-red", "bright-green", "bright-yellow", "bright-blue", "bright-magenta",
        "bright-cyan", "bright-white",
    ]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let index = try? container.decode(Int.self), (0...255).contains(index) {
            color = .palette(UInt8(index))
            return
        }
        if let number = try? container.decode(Double.self) {
            // Large, negative or fractional: a number, so not "expected a string".
            let shown = ThemeError.quoted(
                number == number.rounded() && abs(number) < 1e15 ? "\(Int(number))" : "\(number)")
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "palette colour \(shown) is not a whole number from 0 to 255")
        }
        guard let text = try? container.decode(String.self) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: Self.expected)
        }
        guard let color = Self.parse(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(ThemeError.quoted(text))' is not a colour (\(Self.expected))")
        }
        self.color = color
    }

    /// What a colour may be, for messages.
    static var expected: String { "\"#rrggbb\", a number 0–255, or one of \(names.joined(separator: ", "))" }

    static func parse(_ text: String) -> Color? {
        if let index = names.firstIndex(of: text.lowercased()) { return .ansi(UInt8(index)) }
        let digits = text.dropFirst()
        guard text.first == "#", digits.count == 6, digits.allSatisfy(\.isHexDigit),
            let value = UInt32(digits, radix: 16)
        else { return nil }
        return .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }
}

/// Any key of a theme file's objects, so unknown keys can be found and refused.
struct ThemeKey: CodingKey, Equatable {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }

    static func refuseUnknown(
        in container: KeyedDecodingContainer<ThemeKey>, allowed: [String], what: String
    ) throws {
        guard let unknown = container.allKeys.first(where: { !allowed.contains($0.stringValue) }) else { return }
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: container.codingPath + [unknown],
                debugDescription:
                    "unknown \(what) '\(ThemeError.quoted(unknown.stringValue))' (known: \(allowed.joined(separator: ", ")))"
            ))
    }
}
