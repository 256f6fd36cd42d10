/// Resolves a location to the image's encoded bytes.
///
/// Pluggable, like MarkdownView's and NativeMarkKit's image loaders: the pipeline asks it once per
/// location per process; caching layers (`CachingImageLoader`) wrap the plain ones.
public protocol ImageLoader: Sendable {
    func load(_ location: ImageLocation) async throws(ImageError) -> [UInt8]
}
