import MarkdownCore

/// Resolves a location to the image's encoded bytes.
///
/// Pluggable, like MarkdownView's and NativeMarkKit's image loaders: the pipeline asks it once per
/// location per process; caching layers (`CachingImageLoader`) wrap the plain ones. `load` blocks its
/// thread (a file read, a transfer); the pipeline calls it on `ImagePipeline`'s loading threads.
public protocol ImageLoader: Sendable {
    func load(_ location: ImageLocation) throws(ImageError) -> [UInt8]
}
