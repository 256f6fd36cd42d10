import FoundationEssentials

/// A README badge: one of the small status images (build, version, licence) that most READMEs open
/// with. Recognised by where the image comes from, so that a row of them can be shown compactly as
/// text where the pictures are not shown. A shields.io static badge (`/badge/<label>-<message>-<colour>`)
/// carries its own words and colour.
public struct Badge: Equatable, Sendable {
    /// The left part (`build`), empty for one-part badges.
    public var label: String
    /// The right part (`passing`), or the alt text for badges that say nothing in their URL.
    public var message: String
    /// The message's background colour, when the URL names one.
    public var color: Color?

    public init(label: String, message: String, color: Color?) {
        self.label = label
        self.message = message
        self.color = color
    }

    /// The badge `image` is, or nil when it looks like an ordinary picture.
    public init?(_ image: ImageReference) {
        let source = image.source.lowercased()
        guard let host = Self.host(of: source) else { return nil }
        if host == "img.shields.io" || host.hasSuffix(".shields.io"), let parsed = Self.staticBadge(image.source) {
            self = parsed
            return
        }
        let known = Self.badgeHosts.contains { host == $0 || host.hasSuffix("." + $0) }
        let path = source.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }.prefix { $0 != "?" && $0 != "#" }
        // Remote SVGs in READMEs are badges far more often than anything else.
        guard known || path.contains("badge") || path.hasSuffix(".svg") || image.alt.lowercased().contains("badge")
        else { return nil }
        let alt = image.alt.trimmedWhitespace
        self.init(label: "", message: alt.isEmpty ? "badge" : alt, color: nil)
    }

    private static let badgeHosts = [
        "shields.io", "badgen.net", "badge.fury.io", "travis-ci.org", "travis-ci.com", "codecov.io", "coveralls.io",
        "circleci.com", "ci.appveyor.com", "readthedocs.org", "pepy.tech", "snyk.io", "codeclimate.com",
        "sonarcloud.io", "deepsource.io", "app.codacy.com", "api.codacy.com", "goreportcard.com", "pkg.go.dev",
        "docs.rs", "img.badgesize.io", "bestpractices.coreinfrastructure.org", "api.netlify.com",
    ]

    /// The host of an http(s) URL (after `//`, before the next `/`, `?`, `#` or `:`).
    /// Compared byte by byte: a Set of Characters and `firstRange(of:)` each cost start-up a scan of the
    /// runtime's protocol conformances, for the first image of every README.
    private static func host(of url: String) -> String? {
        guard url.hasPrefix("http"), let schemeEnd = url.byteOffset(of: "://") else { return nil }
        let host = url.utf8.dropFirst(schemeEnd + 3).prefix { !"/?#:".utf8.contains($0) }
        return host.isEmpty ? nil : String(decoding: host, as: UTF8.self)
    }

    /// `https://img.shields.io/badge/build-passing-brightgreen.svg?style=flat` → build │ passing, green.
    /// shields.io writes `-` in a part as `--`, `_` as `__` and a space as `_` (or `%20`).
    static func staticBadge(_ url: String) -> Badge? {
        guard let marker = url.firstRange(of: "/badge/") else { return nil }
        var path = String(url[marker.upperBound...].prefix { $0 != "?" && $0 != "#" })
        for suffix in [".svg", ".png"] where path.lowercased().hasSuffix(suffix) { path.removeLast(suffix.count) }
        var parts: [String] = []
        var current = ""
        var characters = Array(path)[...]
        while let character = characters.popFirst() {
            if character == "-" || character == "_", characters.first == character {
                current.append(character)
                characters.removeFirst()
            } else if character == "-" {
                parts.append(current)
                current = ""
            } else {
                current.append(character == "_" ? " " : character)
            }
        }
        parts.append(current)
        parts = parts.map { ControlCharacterSanitizer.sanitize($0.percentDecoded ?? $0) }
        guard parts.count >= 2 else { return nil }
        let color = shieldsColor(parts.removeLast())
        let label = parts.count == 1 ? "" : parts[0].trimmedWhitespace
        let message = (parts.count == 1 ? parts[0] : parts.dropFirst().joined(separator: "-")).trimmedWhitespace
        guard !message.isEmpty else { return nil }
        return Badge(label: label, message: message, color: color)
    }

    /// shields.io's named colours and hex colours.
    static func shieldsColor(_ name: String) -> Color? {
        let named: [String: UInt32] = [
            "brightgreen": 0x44cc11, "success": 0x44cc11, "green": 0x97ca00, "yellowgreen": 0xa4a61d,
            "yellow": 0xdfb317, "orange": 0xfe7d37, "important": 0xfe7d37, "red": 0xe05d44, "critical": 0xe05d44,
            "blue": 0x007ec6, "informational": 0x007ec6, "lightgrey": 0x9f9f9f, "lightgray": 0x9f9f9f,
            "inactive": 0x9f9f9f, "grey": 0x555555, "gray": 0x555555, "blueviolet": 0x8a2be2, "ff69b4": 0xff69b4,
        ]
        let key = name.lowercased().trimmedWhitespace
        var value = named[key]
        if value == nil {
            let hex = key.hasPrefix("#") ? String(key.dropFirst()) : key
            if hex.count == 6, let parsed = UInt32(hex, radix: 16) {
                value = parsed
            } else if hex.count == 3, let parsed = UInt32(hex.map { "\($0)\($0)" }.joined(), radix: 16) {
                value = parsed
            }
        }
        guard let value else { return nil }
        return .rgb(UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff))
    }
}
