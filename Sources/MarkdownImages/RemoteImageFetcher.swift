import FoundationEssentials
import MarkdownCore

/// Fetches remote images for `CachingImageLoader`, with optional validators for revalidation.
///
/// A protocol so that the image target stays free of networking: the libcurl implementation lives in
/// the `ImageHTTP` module, which the command links. `fetch` blocks its thread for the transfer.
public protocol RemoteImageFetcher: Sendable {
    func fetch(_ url: URL, etag: String?, lastModified: String?) throws(ImageError) -> RemoteFetchOutcome
}

/// What a fetch produced: a body, or a 304 answer to a conditional request.
public enum RemoteFetchOutcome: Sendable {
    case fetched([UInt8], HTTPHeaders)
    case notModified(HTTPHeaders)
}

/// Response headers with case-insensitive names.
public struct HTTPHeaders: Sendable, Equatable {
    private var fields: [String: String]

    public init(_ fields: [String: String] = [:]) {
        self.fields = Dictionary(fields.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    public subscript(name: String) -> String? { fields[name.lowercased()] }
}
