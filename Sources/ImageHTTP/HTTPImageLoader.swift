import Foundation
import MarkdownCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches http(s) images with URLSession, under mdview's rules: every redirect re-checked (at most
/// `maxRedirects`, never to another scheme), an idle time-out and a total deadline per image, a byte cap
/// enforced while the body streams, no URLCache (the disk cache is mdview's own), and conditional
/// requests for revalidation.
public final class HTTPImageLoader: ImageLoader, RemoteImageFetcher, @unchecked Sendable {
    public typealias Outcome = RemoteFetchOutcome

    public struct Settings: Sendable {
        /// Seconds without a byte (connecting included) before giving up.
        public var idleTimeout: Double
        /// Seconds for the whole image, redirects included.
        public var totalTimeout: Double
        public var maxBytes: Int
        public var maxRedirects: Int

        public init(idleTimeout: Double = 3, totalTimeout: Double = 8, maxBytes: Int = ImageLimits.standard.maxBytes, maxRedirects: Int = 10) {
            self.idleTimeout = idleTimeout
            self.totalTimeout = totalTimeout
            self.maxBytes = maxBytes
            self.maxRedirects = maxRedirects
        }
    }

    public let settings: Settings
    private let delegate: HTTPTransferDelegate
    private let session: URLSession

    public init(settings: Settings = Settings()) {
        self.settings = settings
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = settings.idleTimeout
        configuration.timeoutIntervalForResource = settings.totalTimeout
        configuration.httpMaximumConnectionsPerHost = 16
        configuration.httpAdditionalHeaders = ["User-Agent": "mdview", "Accept": "image/png,image/jpeg,image/gif,image/webp,*/*;q=0.5"]
        delegate = HTTPTransferDelegate(settings: settings)
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    public func load(_ location: ImageLocation) async throws(ImageError) -> [UInt8] {
        guard case .remote(let url) = location else { throw .invalidSource(location.description) }
        switch try await fetch(url) {
        case .fetched(let body, _): return body
        case .notModified: throw .httpStatus(304)
        }
    }

    /// GETs `url`; with validators, conditionally (`If-None-Match` / `If-Modified-Since`).
    public func fetch(_ url: URL, etag: String? = nil, lastModified: String? = nil) async throws(ImageError) -> Outcome {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .unsupportedScheme(url.scheme ?? "")
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: settings.idleTimeout)
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified { request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        let task = session.dataTask(with: request)
        let result: Result<Outcome, ImageError> = await withCheckedContinuation { continuation in
            delegate.begin(task, scheme: scheme, continuation: continuation)
            task.resume()
        }
        return try result.get()
    }
}
