import FoundationEssentials
import MarkdownCore

/// Where an image's bytes live, after its source text has been checked: a local file or an http(s) URL.
/// Nothing else is ever loaded.
public enum ImageLocation: Hashable, Sendable, CustomStringConvertible {
    case file(path: String)
    case remote(URL)

    public var description: String {
        switch self {
        case .file(let path): return path
        case .remote(let url): return url.absoluteString
        }
    }

    /// Resolves a source as written in the document. Relative paths resolve against `baseDirectory`
    /// (the document's directory; stdin: the current directory).
    public static func resolve(_ source: String, baseDirectory: URL?) throws(ImageError) -> ImageLocation {
        let trimmed = source.trimmedWhitespace
        guard !trimmed.isEmpty else { throw .noSource }
        if let scheme = scheme(of: trimmed) {
            switch scheme {
            case "http", "https":
                guard let url = URL(string: trimmed), url.host != nil else { throw .invalidSource(trimmed) }
                return .remote(url)
            case "file":
                guard let url = URL(string: trimmed), url.host == nil || url.host == "" || url.host == "localhost"
                else {
                    throw .invalidSource(trimmed)
                }
                let path = url.path.percentDecoded ?? url.path
                if path.hasPrefix("/") { return .file(path: path) }
                let base =
                    baseDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
                return .file(path: base.appendingPathComponent(path).standardizedFileURL.path)
            default:
                throw .unsupportedScheme(scheme)
            }
        }
        var path = trimmed.percentDecoded ?? trimmed
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }), !FileManager.default.fileExists(atPath: path) {
            path = String(path[..<cut])
        }
        if path.hasPrefix("/") { return .file(path: path) }
        let base = baseDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return .file(path: base.appendingPathComponent(path).standardizedFileURL.path)
    }

    /// The lower-cased URL scheme, when the source starts with one.
    public static func scheme(of source: String) -> String? { URLScheme.of(source) }
}
