import FoundationEssentials
import ImageHTTP
import MarkdownCore
import MarkdownImages

/// `mdview https://…/README.md`: fetches a Markdown document over http(s) through the same libcurl
/// loader as remote images, with the same byte cap, redirect checks and time-outs.
///
/// It exists so that a README can be read without downloading it first; relative links and images in
/// it resolve against its URL (see `RemoteBaseImages`).
struct RemoteDocumentLoader {
    /// The caps and time-outs, asked for when a URL is fetched (they come from the image flags).
    var settings: @Sendable () -> HTTPImageLoader.Settings

    /// What a command-line argument names, when it is written as a URL (`scheme://…`). A file of that
    /// name, if one exists, is still a file.
    enum Kind: Equatable {
        case remote(URL)
        case file(path: String)
        case unsupported(scheme: String)
    }

    static func kind(of argument: String) -> Kind? {
        guard argument.containsBytes("://"), let scheme = URLScheme.of(argument),
            !FileManager.default.fileExists(atPath: argument)
        else { return nil }
        switch scheme {
        case "http", "https":
            guard let url = URL(string: argument), url.host != nil else { return .unsupported(scheme: scheme) }
            return .remote(url)
        case "file":
            guard let url = URL(string: argument), url.host == nil || url.host == "" || url.host == "localhost"
            else { return .unsupported(scheme: scheme) }
            return .file(path: url.path.percentDecoded ?? url.path)
        default:
            return .unsupported(scheme: scheme)
        }
    }

    /// The document's bytes, or why they could not be fetched.
    func fetch(_ url: URL) throws(InputError) -> [UInt8] {
        do {
            switch try HTTPImageLoader(settings: settings()).fetch(url, etag: nil, lastModified: nil) {
            case .fetched(let body, _): return body
            case .notModified: throw ImageError.httpStatus(304)
            }
        } catch {
            if let error = error as? ImageError, case .tooManyBytes(let limit) = error {
                throw .tooLarge(url.absoluteString, size: nil, limit: limit)
            }
            throw .remote(url.absoluteString, reason: String(describing: error))
        }
    }
}

/// Image sources in a document fetched over http(s) resolve against its URL, never against the local
/// disk: `img/logo.png` and `/img/logo.png` become URLs on the document's server, and `file:` sources
/// are refused. Wraps the command's image resolver; local documents pass through unchanged.
struct RemoteBaseImages: ImageResolving {
    let inner: any ImageResolving

    var canShowImages: Bool { inner.canShowImages }

    func prefetch(_ images: [ImageReference], baseDirectory: URL?) {
        guard let base = Self.remoteBase(baseDirectory) else {
            inner.prefetch(images, baseDirectory: baseDirectory)
            return
        }
        inner.prefetch(images.compactMap { Self.absolute($0, against: base) }, baseDirectory: nil)
    }

    func resolve(_ image: ImageReference, baseDirectory: URL?) -> (any ResolvedImage)? {
        guard let base = Self.remoteBase(baseDirectory) else {
            return inner.resolve(image, baseDirectory: baseDirectory)
        }
        guard let absolute = Self.absolute(image, against: base) else { return nil }
        return inner.resolve(absolute, baseDirectory: nil)
    }

    static func remoteBase(_ base: URL?) -> URL? {
        guard let base, let scheme = base.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return nil
        }
        return base
    }

    /// The image with every source made an absolute http(s) URL; nil when none can be.
    static func absolute(_ image: ImageReference, against base: URL) -> ImageReference? {
        var image = image
        image.sources = image.sources.compactMap { source in
            let trimmed = source.trimmingWhitespace
            if let scheme = URLScheme.of(trimmed) { return scheme == "http" || scheme == "https" ? trimmed : nil }
            let escaped = trimmed.split(separator: " ", omittingEmptySubsequences: false).joined(separator: "%20")
            guard !escaped.isEmpty, let url = URL(string: escaped, relativeTo: base)?.absoluteURL else { return nil }
            return url.absoluteString
        }
        return image.sources.isEmpty ? nil : image
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
