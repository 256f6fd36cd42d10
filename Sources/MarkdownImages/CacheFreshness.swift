import FoundationEssentials
import MarkdownCore

/// How long a downloaded image may be reused without asking the server, from its response headers.
///
/// `Cache-Control: no-store` → not stored; `no-cache` → stored but revalidated every time; `max-age`
/// (or `Expires`) → fresh until then; neither → fresh for `defaultLifetime` (an image URL rarely changes
/// content: a new picture usually gets a new URL), after which the ETag / Last-Modified validators are
/// used for a conditional request.
public struct CacheFreshness: Equatable, Sendable {
    public var store: Bool
    /// Seconds since 1970 until which the entry is fresh.
    public var freshUntil: Double

    public static let defaultLifetime: Double = 24 * 3600

    public init(store: Bool, freshUntil: Double) {
        self.store = store
        self.freshUntil = freshUntil
    }

    public init(headers: HTTPHeaders, now: Double) {
        let directives = (headers["Cache-Control"] ?? "").lowercased()
            .split(separator: ",").map { $0.trimmedWhitespace }
        store = !directives.contains("no-store")
        if directives.contains("no-cache") {
            freshUntil = now
        } else if let age = directives.lazy.compactMap({ Self.seconds(in: $0, name: "max-age") }).first {
            freshUntil = now + age
        } else if let expires = headers["Expires"] {
            freshUntil = HTTPDate.seconds(expires) ?? now
        } else {
            freshUntil = now + Self.defaultLifetime
        }
    }

    private static func seconds(in directive: String, name: String) -> Double? {
        guard directive.hasPrefix(name + "=") else { return nil }
        return Double(directive.dropFirst(name.count + 1).filter { $0 != "\"" })
    }
}
