import CCurlFetch
import FoundationEssentials
import MarkdownCore
import MarkdownImages

/// Fetches http(s) images under mdview's rules: every redirect re-checked here (at most
/// `maxRedirects`, never to another scheme), connect, idle and total time-outs, a byte cap enforced
/// while the body streams, and conditional requests for revalidation. No cache of its own: the disk
/// cache is `DiskCache`.
///
/// The transfer itself is libcurl's, loaded with `dlopen` on the first remote image (see CCurlFetch),
/// so mdview does not link Foundation's networking stack (which added ~50 MB and ~25 ms to every
/// start, images or not) and pays nothing for networking when a document has no remote image.
public final class HTTPImageLoader: ImageLoader, RemoteImageFetcher, Sendable {
    public struct Settings: Sendable {
        /// Seconds without a byte (connecting included) before giving up.
        public var idleTimeout: Double
        /// Seconds for the whole image, redirects included.
        public var totalTimeout: Double
        public var maxBytes: Int
        public var maxRedirects: Int

        public init(
            idleTimeout: Double = 3, totalTimeout: Double = 8, maxBytes: Int = ImageLimits.standard.maxBytes,
            maxRedirects: Int = 10
        ) {
            self.idleTimeout = idleTimeout
            self.totalTimeout = totalTimeout
            self.maxBytes = maxBytes
            self.maxRedirects = maxRedirects
        }
    }

    public let settings: Settings
    /// Hosts (or the whole network) a failed transfer showed to be unreachable: later fetches fail at once.
    let unreachable = UnreachableHosts()

    public init(settings: Settings = Settings()) {
        self.settings = settings
    }

    public func load(_ location: ImageLocation) throws(ImageError) -> [UInt8] {
        guard case .remote(let url) = location else { throw .invalidSource(location.description) }
        switch try fetch(url, etag: nil, lastModified: nil) {
        case .fetched(let body, _): return body
        case .notModified: throw .httpStatus(304)
        }
    }

    public func fetch(_ url: URL, etag: String?, lastModified: String?) throws(ImageError) -> RemoteFetchOutcome {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .unsupportedScheme(url.scheme ?? "")
        }
        let deadline = ContinuousClock.now + .milliseconds(Int64(settings.totalTimeout * 1000))
        var current = url
        var redirects = 0
        while true {
            let remaining = (deadline - ContinuousClock.now).components
            let left = Double(remaining.seconds) + Double(remaining.attoseconds) / 1e18
            guard left > 0 else { throw .timedOut(seconds: settings.totalTimeout) }
            let host = current.host ?? ""
            if let known = unreachable.failure(for: host) { throw known }
            var scope: UnreachableHosts.Scope?
            let outcome = Self.perform(
                current.absoluteString, etag: etag, lastModified: lastModified, seconds: left, settings: settings,
                unreachable: &scope)
            if let scope, case .failure(.unreachable(_, let reason)) = outcome {
                throw unreachable.record(scope, host: host, reason: reason)
            }
            let response = try outcome.get()
            switch response.status {
            case 200:
                return .fetched(response.body, response.headers)
            case 304:
                return .notModified(response.headers)
            case 301, 302, 303, 307, 308:
                redirects += 1
                guard redirects <= settings.maxRedirects else { throw .tooManyRedirects(limit: settings.maxRedirects) }
                guard let location = response.headers["Location"] else { throw .httpStatus(response.status) }
                if let target = ImageLocation.scheme(of: location), target != scheme {
                    throw .redirectRefused(to: location)
                }
                guard let next = URL(string: location, relativeTo: current)?.absoluteURL,
                    next.scheme?.lowercased() == scheme
                else { throw .redirectRefused(to: location) }
                current = next
            default:
                throw .httpStatus(response.status)
            }
        }
    }

    private struct Response: Sendable {
        var status: Int
        var body: [UInt8]
        var headers: HTTPHeaders
    }

    /// One GET without following redirects; blocks the calling thread (one of `ImagePipeline`'s).
    private static func perform(
        _ url: String, etag: String?, lastModified: String?, seconds: Double, settings: Settings,
        unreachable scope: inout UnreachableHosts.Scope?
    ) -> Result<Response, ImageError> {
        var result = mdview_fetch_result()
        defer { mdview_fetch_result_free(&result) }
        let started = ContinuousClock.now
        url.withCString { urlPointer in
            withOptionalCString(etag) { etagPointer in
                withOptionalCString(lastModified) { datePointer in
                    var request = mdview_fetch_request(
                        url: urlPointer, if_none_match: etagPointer, if_modified_since: datePointer,
                        connect_timeout_ms: Int(min(seconds, settings.idleTimeout) * 1000),
                        total_timeout_ms: max(1, Int(seconds * 1000)),
                        idle_seconds: max(1, Int(settings.idleTimeout.rounded(.up))),
                        max_bytes: settings.maxBytes)
                    mdview_fetch(&request, &result)
                }
            }
        }
        switch Int(result.outcome) {
        case MDVIEW_FETCH_OK:
            let body = result.body.map { [UInt8](UnsafeBufferPointer(start: $0, count: result.body_length)) } ?? []
            let headerText = result.headers.map { String(cString: $0) } ?? ""
            return .success(Response(status: result.status, body: body, headers: parseHeaders(headerText)))
        case MDVIEW_FETCH_TOO_MANY_BYTES:
            return .failure(.tooManyBytes(limit: settings.maxBytes))
        case MDVIEW_FETCH_TIMED_OUT:
            // libcurl says "timed out" for both limits: one that ends well before the total time left
            // was the idle (or connect) one.
            let elapsed = (ContinuousClock.now - started).components
            let took = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
            if took + 0.25 < seconds { return .failure(.idle(seconds: settings.idleTimeout)) }
            return .failure(.timedOut(seconds: settings.totalTimeout))
        case MDVIEW_FETCH_NO_LIBCURL:
            return .failure(.network("libcurl is not installed (Debian: libcurl4)"))
        default:
            let message = TransferFailure.reason(curlCode: Int(result.curl_code), osErrno: Int(result.os_errno))
            scope = UnreachableHosts.scope(curlCode: Int(result.curl_code), osErrno: result.os_errno)
            return .failure(scope == nil ? .network(message) : .unreachable(host: nil, reason: message))
        }
    }

    static func parseHeaders(_ text: String) -> HTTPHeaders {
        var fields: [String: String] = [:]
        for line in text.split(whereSeparator: { $0.isNewline }) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[..<colon]).lowercased()
            let value = String(line[line.index(after: colon)...]).trimmingSpaces
            if fields[name] == nil { fields[name] = value }
        }
        return HTTPHeaders(fields)
    }
}

private func withOptionalCString<R>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
