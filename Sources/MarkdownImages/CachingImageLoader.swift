import FoundationEssentials
import MarkdownCore
import Synchronization

/// The loader mdview uses: local files directly; remote images through the disk cache, the network
/// only when the cached copy is missing or stale (then conditionally, so a 304 downloads nothing).
///
/// A stale copy is still used when revalidation fails, so an offline run shows what it showed before.
public struct CachingImageLoader: ImageLoader {
    public var files: FileImageLoader
    public var http: (any RemoteImageFetcher)?
    public var disk: DiskCache?
    /// Remote counters for `--verbose` and tests.
    public let statistics = LoaderStatistics()

    public init(files: FileImageLoader = FileImageLoader(), http: (any RemoteImageFetcher)?, disk: DiskCache?) {
        self.files = files
        self.http = http
        self.disk = disk
    }

    public func load(_ location: ImageLocation) throws(ImageError) -> [UInt8] {
        switch location {
        case .file(let path):
            return try files.read(path)
        case .remote(let url):
            guard let http else { throw .remoteDisabled }
            return try loadRemote(url, http: http)
        }
    }

    private func loadRemote(_ url: URL, http: any RemoteImageFetcher) throws(ImageError) -> [UInt8] {
        let key = url.absoluteString
        let now = Date().timeIntervalSince1970
        let cached = disk?.read(key)
        if let cached, cached.isFresh(at: now) {
            statistics.count(\.diskHits)
            return cached.body
        }
        let outcome: RemoteFetchOutcome
        do {
            statistics.count(\.requests)
            outcome = try http.fetch(
                url, etag: cached?.metadata.etag, lastModified: cached?.metadata.lastModified)
        } catch {
            if let cached { return cached.body }
            throw error
        }
        switch outcome {
        case .notModified(let headers):
            guard let cached else { throw .httpStatus(304) }
            statistics.count(\.revalidated)
            let freshness = CacheFreshness(headers: headers, now: Date().timeIntervalSince1970)
            if freshness.store {
                disk?.write(
                    url: key, body: cached.body, etag: headers["ETag"] ?? cached.metadata.etag,
                    lastModified: headers["Last-Modified"] ?? cached.metadata.lastModified,
                    freshUntil: freshness.freshUntil)
            }
            return cached.body
        case .fetched(let body, let headers):
            let freshness = CacheFreshness(headers: headers, now: Date().timeIntervalSince1970)
            if freshness.store {
                disk?.write(
                    url: key, body: body, etag: headers["ETag"], lastModified: headers["Last-Modified"],
                    freshUntil: freshness.freshUntil)
            }
            return body
        }
    }
}

/// Counts of what the caching loader did, readable while loads run.
public final class LoaderStatistics: Sendable {
    public struct Counts: Equatable, Sendable {
        public var requests = 0
        public var diskHits = 0
        public var revalidated = 0
    }

    private let counts = Mutex(Counts())

    public init() {}

    public var current: Counts { counts.withLock { $0 } }

    func count(_ field: WritableKeyPath<Counts, Int>) {
        counts.withLock { $0[keyPath: field] += 1 }
    }
}
