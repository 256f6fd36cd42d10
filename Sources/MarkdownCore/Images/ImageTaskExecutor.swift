import Dispatch

/// Runs image loading and decoding on their own dispatch queue instead of Swift's cooperative pool.
///
/// `ImageRendering.render` is synchronous and may block its caller until an image arrives; if that
/// caller is itself a cooperative-pool thread (two of them on a two-core machine), loads scheduled on
/// the same pool could wait forever behind it. A custom concurrent queue gets threads of its own.
final class ImageTaskExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = ImageTaskExecutor()

    private let queue = DispatchQueue(label: "mdview.images", qos: .userInitiated, attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { unowned.runSynchronously(on: executor) }
    }
}
