import MarkdownCore
import Synchronization

/// A bounded in-memory cache of decoded images, least recently used evicted first, by count and by
/// bytes (a decoded picture can be hundreds of megabytes).
public final class MemoryCache<Key: Hashable & Sendable>: Sendable {
    private struct State {
        var items: [Key: (image: PixelImage, tick: UInt64)] = [:]
        var tick: UInt64 = 0
        var bytes = 0
    }

    public let countLimit: Int
    public let byteLimit: Int
    private let state = Mutex(State())

    public init(countLimit: Int = 128, byteLimit: Int = 512 << 20) {
        self.countLimit = countLimit
        self.byteLimit = byteLimit
    }

    public func get(_ key: Key) -> PixelImage? {
        state.withLock { s in
            guard let item = s.items[key] else { return nil }
            s.tick += 1
            s.items[key] = (item.image, s.tick)
            return item.image
        }
    }

    public func set(_ key: Key, _ image: PixelImage) {
        state.withLock { s in
            s.tick += 1
            if let old = s.items[key] { s.bytes -= old.image.pixels.count }
            s.items[key] = (image, s.tick)
            s.bytes += image.pixels.count
            while s.items.count > countLimit || (s.bytes > byteLimit && s.items.count > 1) {
                guard let oldest = s.items.min(by: { $0.value.tick < $1.value.tick }) else { break }
                s.items[oldest.key] = nil
                s.bytes -= oldest.value.image.pixels.count
            }
        }
    }

    public var count: Int { state.withLock { $0.items.count } }
}
