/// Loader, decoder, memory cache and in-flight de-duplication in one place: however many times a
/// document (or several documents in one process) references a location, it is loaded and decoded once.
///
/// Like MarkdownView's `ImageLoader`, but async and with typed failures; candidates are tried in order,
/// falling back to the next when one fails (the caching notes' alternative URLs, HTML `<picture>`).
public final class ImagePipeline: Sendable {
    public let loader: any ImageLoader
    public let decoder: ImageDecoder
    public let memory: MemoryCache<ImageLocation>
    private let inFlight = LockedValue([ImageLocation: Task<Result<PixelImage, ImageError>, Never>]())

    public init(
        loader: any ImageLoader, decoder: ImageDecoder = ImageDecoder(),
        memory: MemoryCache<ImageLocation> = MemoryCache()
    ) {
        self.loader = loader
        self.decoder = decoder
        self.memory = memory
    }

    public func image(at location: ImageLocation) async -> Result<PixelImage, ImageError> {
        if let cached = memory.get(location) { return .success(cached) }
        let task: Task<Result<PixelImage, ImageError>, Never> = inFlight.update { tasks in
            if let running = tasks[location] { return running }
            let task = Task<Result<PixelImage, ImageError>, Never>(executorPreference: ImageTaskExecutor.shared) {
                [loader, decoder, memory] in
                let result: Result<PixelImage, ImageError>
                do throws(ImageError) {
                    let bytes = try await loader.load(location)
                    result = .success(try decoder.decode(bytes))
                } catch {
                    result = .failure(error)
                }
                if case .success(let image) = result { memory.set(location, image) }
                return result
            }
            tasks[location] = task
            return task
        }
        let result = await task.value
        // A failure stays recorded, so a broken source is tried once per process; a success lives on
        // in the bounded memory cache instead.
        if case .success = result {
            inFlight.update { tasks in
                if tasks[location] == task { tasks[location] = nil }
            }
        }
        return result
    }

    /// The first candidate that loads and decodes, or the last failure.
    public func firstImage(of candidates: [ImageLocation]) async -> Result<PixelImage, ImageError> {
        var last = ImageError.noSource
        for candidate in candidates {
            switch await image(at: candidate) {
            case .success(let image): return .success(image)
            case .failure(let error): last = error
            }
        }
        return .failure(last)
    }
}
