import Dispatch
import Synchronization

/// The bytes of pixels all decodes of a run may hold at once, shared by every image: a document with
/// two dozen large pictures decodes them a few at a time instead of all at once, so its peak memory is
/// this budget plus the pictures kept at the size they are shown, not the sum of their full sizes.
///
/// A decode reserves what it will allocate before allocating it and gives it back when its picture is
/// scaled down to the size it is shown (`ImageDecoder`). A reservation larger than the whole budget is
/// refused; others wait in turn, and a wait whose image is abandoned (its document stopped waiting for
/// it, `--image-budget`) is withdrawn without decoding.
public final class DecodeBudget: Sendable {
    /// 256 MB: a picture at the largest size `ImageLimits` allows (50 million pixels, RGBA) fits.
    public static let standardBytes = 256 << 20

    public let totalBytes: Int

    private struct State {
        var inUse = 0
        var waiting: [Waiter] = []
    }

    private final class Waiter: Sendable {
        let bytes: Int
        let granted = DispatchSemaphore(value: 0)
        init(bytes: Int) { self.bytes = bytes }
    }

    private let state = Mutex(State())

    public init(totalBytes: Int = standardBytes) {
        self.totalBytes = max(1, totalBytes)
    }

    /// The bytes reserved now and not yet given back.
    public var bytesInUse: Int { state.withLock { $0.inUse } }

    /// Reserves `bytes`, waiting for earlier decodes to give theirs back. Throws `overDecodeBudget` for
    /// more than the whole budget, and `abandoned` when `isAbandoned` turns true while waiting (it is
    /// asked about every 50 ms).
    public func reserve(_ bytes: Int, isAbandoned: () -> Bool = { false }) throws(ImageError) {
        guard bytes <= totalBytes else { throw .overDecodeBudget(bytes: bytes, budget: totalBytes) }
        let waiter = state.withLock { state -> Waiter? in
            if state.waiting.isEmpty && state.inUse + bytes <= totalBytes {
                state.inUse += bytes
                return nil
            }
            let waiter = Waiter(bytes: bytes)
            state.waiting.append(waiter)
            return waiter
        }
        guard let waiter else { return }
        while waiter.granted.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            guard isAbandoned() else { continue }
            let withdrawn = state.withLock { state -> Bool in
                guard let index = state.waiting.firstIndex(where: { $0 === waiter }) else { return false }
                state.waiting.remove(at: index)
                return true
            }
            if withdrawn {
                wakeWaiters()
                throw .abandoned
            }
            // Granted meanwhile: the signal is on its way.
        }
    }

    /// Gives back `bytes` reserved earlier and lets waiting decodes in, in order.
    public func release(_ bytes: Int) {
        state.withLock { $0.inUse = max(0, $0.inUse - bytes) }
        wakeWaiters()
    }

    private func wakeWaiters() {
        let woken = state.withLock { state -> [Waiter] in
            var woken: [Waiter] = []
            while let first = state.waiting.first, state.inUse + first.bytes <= totalBytes {
                state.inUse += first.bytes
                woken.append(state.waiting.removeFirst())
            }
            return woken
        }
        for waiter in woken { waiter.granted.signal() }
    }
}
