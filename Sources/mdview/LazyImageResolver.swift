import FoundationEssentials
import MarkdownCore
import Synchronization

/// Builds the image side of the resolve stage the first time a document has an image, so that a run
/// without images never reads the image flags, asks the terminal what it can draw (a round trip) or sets
/// up a loader. The one lazy wrapper: the command's flags and `ImageOptions.resolver` both use it.
final class LazyImageResolver: ImageResolving {
    private let make: @Sendable () -> (any ImageResolving)?
    private let made = Mutex<(any ImageResolving)??>(nil)

    init(_ make: @escaping @Sendable () -> (any ImageResolving)?) {
        self.make = make
    }

    private var resolver: (any ImageResolving)? {
        made.withLock { made in
            if made == nil { made = .some(make()) }
            return made ?? nil
        }
    }

    var canShowImages: Bool { resolver?.canShowImages ?? false }

    func prefetch(_ images: [ImageReference], baseDirectory: URL?) {
        resolver?.prefetch(images, baseDirectory: baseDirectory)
    }

    func resolve(_ image: ImageReference, baseDirectory: URL?) -> (any ResolvedImage)? {
        resolver?.resolve(image, baseDirectory: baseDirectory)
    }
}
