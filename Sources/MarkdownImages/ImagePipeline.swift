import MarkdownCore
import Synchronization

/// Loader, decoder, memory cache and in-flight de-duplication in one place: however many times a
/// document (or several documents in one process) references a location, it is loaded and decoded once.
///
/// Like MarkdownView's `ImageLoader`, with typed failures; candidates are tried in order, falling back
/// to the next when one fails (the caching notes' alternative URLs, HTML `<picture>`). Loads run on the
/// pipeline's own threads (`BackgroundWork`, one per load up to `maxConcurrentLoads`): a load blocks its
/// thread for a file read or a transfer, and ten slow images on one server must not wait in line.
public final class ImagePipeline: Sendable {
    public typealias Outcome = Result<PixelImage, ImageError>

    public let loader: any ImageLoader
    public let decoder: ImageDecoder
    public let memory: MemoryCache<ImageLocation>
    private let inFlight = Mutex([ImageLocation: PendingValue<Outcome>]())
    /// Loads nobody waits for any more (`abandon`): a decode still waiting for the decode budget gives up,
    /// and one under way stops.
    private let abandoned = Mutex(Set<ImageLocation>())
    private let loads: BackgroundWork

    /// Loads under way at once, at most; a document's images beyond that wait for a free thread.
    public static let maxConcurrentLoads = 32

    public init(
        loader: any ImageLoader, decoder: ImageDecoder = ImageDecoder(),
        memory: MemoryCache<ImageLocation> = MemoryCache()
    ) {
        self.loader = loader
        self.decoder = decoder
        self.memory = memory
        self.loads = BackgroundWork(maxWorkers: Self.maxConcurrentLoads)
    }

    /// Starts loading and decoding `location` unless it is cached or already loading; returns at once.
    @discardableResult
    public func start(_ location: ImageLocation) -> PendingValue<Outcome> {
        let (pending, isNew) = inFlight.withLock { all -> (PendingValue<Outcome>, Bool) in
            if let running = all[location] { return (running, false) }
            let created = PendingValue<Outcome>()
            all[location] = created
            return (created, true)
        }
        guard isNew else { return pending }
        abandoned.withLock { _ = $0.remove(location) }
        if let cached = memory.get(location) {
            pending.fulfil(.success(cached))
            forget(location, pending)
            return pending
        }
        let (loader, decoder, memory) = (self.loader, self.decoder, self.memory)
        loads.start { [self] in
            let result: Outcome
            do throws(ImageError) {
                let bytes = try loader.load(location)
                result = .success(try decoder.decode(bytes) { [self] in abandoned.withLock { $0.contains(location) } })
            } catch {
                result = .failure(error)
            }
            if case .success(let image) = result { memory.set(location, image) }
            pending.fulfil(result)
            if case .failure(.unreachable(let host, _)) = result, case .failure(let error) = result {
                failLoads(on: host, with: error)
            }
            // A failure stays recorded, so a broken source is tried once per process; a success lives
            // on in the bounded memory cache instead, and an abandoned load is tried again when asked for.
            if case .success = result { forget(location, pending) }
            if case .failure(.abandoned) = result { forget(location, pending) }
            if case .failure(.cancelled) = result { forget(location, pending) }
        }
        return pending
    }

    /// Says that nobody waits for `location` any more (its document's image budget ran out): a decode
    /// of it still waiting for the decode budget gives up, and one under way stops between two rows, so
    /// it holds no memory.
    public func abandon(_ location: ImageLocation) {
        guard inFlight.withLock({ $0[location] != nil }) else { return }
        abandoned.withLock { _ = $0.insert(location) }
    }

    /// The decoded image at `location`, waiting for the load (blocks the calling thread).
    public func image(at location: ImageLocation) -> Outcome {
        start(location).wait(seconds: .infinity) ?? .failure(.noSource)
    }

    /// The first candidate that loads and decodes, or the last failure.
    public func firstImage(of candidates: [ImageLocation]) -> Outcome {
        var last = ImageError.noSource
        for candidate in candidates {
            switch image(at: candidate) {
            case .success(let image): return .success(image)
            case .failure(let error): last = error
            }
        }
        return .failure(last)
    }

    /// Every remote load under way on `host` (nil: on any host) fails now with `error`, rather than each
    /// waiting out its own DNS or connect time-out: the system already said the host cannot be reached.
    /// Their threads finish in their own time; what they find later is ignored (the first value wins).
    private func failLoads(on host: String?, with error: ImageError) {
        let host = host?.lowercased()
        let loads = inFlight.withLock { all in
            all.compactMap { location, pending -> PendingValue<Outcome>? in
                guard case .remote(let url) = location else { return nil }
                return host == nil || url.host?.lowercased() == host ? pending : nil
            }
        }
        for pending in loads { pending.fulfil(.failure(error)) }
    }

    private func forget(_ location: ImageLocation, _ pending: PendingValue<Outcome>) {
        inFlight.withLock { all in
            if all[location] === pending { all[location] = nil }
        }
    }
}
