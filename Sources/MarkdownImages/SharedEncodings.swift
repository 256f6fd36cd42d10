import MarkdownCore
import Synchronization

/// The encoded picture of one image at one size, shared by every placement that shows it so: a
/// document that shows the same picture sixty times resamples and encodes it once, not sixty times from
/// the full image. Placements asking at the same moment wait for the first one's encoding.
///
/// One per `TerminalImageResolver` (its output, cell size and background are fixed), so the key is the
/// image's location and the size it is drawn at.
public final class SharedEncodings: Sendable {
    /// One image at one size.
    public struct Key: Hashable, Sendable {
        public var image: ImageLocation
        public var size: PixelSize

        public init(image: ImageLocation, size: PixelSize) {
            self.image = image
            self.size = size
        }
    }

    /// One encoding, done once; its lock is held while it is done.
    private final class Slot: Sendable {
        let value = Mutex<Result<ImageRows, ImageError>?>(nil)
    }

    /// Encodings kept at most; beyond that each placement encodes its own (a process rendering many
    /// documents keeps no more than this many pictures).
    public static let capacity = 256

    private let slots = Mutex([Key: Slot]())
    private let performed = Atomic(0)

    public init() {}

    /// How many encodings were done (not taken from another placement).
    public var encodingsPerformed: Int { performed.load(ordering: .relaxed) }

    /// The rows for `key`: `encode`'s result, done once per key.
    public func rows(for key: Key, encode: () throws(ImageError) -> ImageRows) throws(ImageError) -> ImageRows {
        let slot = slots.withLock { all -> Slot? in
            if let slot = all[key] { return slot }
            guard all.count < Self.capacity else { return nil }
            let slot = Slot()
            all[key] = slot
            return slot
        }
        guard let slot else {
            performed.add(1, ordering: .relaxed)
            return try encode()
        }
        let result = slot.value.withLock { value -> Result<ImageRows, ImageError> in
            if let value { return value }
            performed.add(1, ordering: .relaxed)
            let encoded = Result { () throws(ImageError) -> ImageRows in try encode() }
            value = encoded
            return encoded
        }
        return try result.get()
    }
}
