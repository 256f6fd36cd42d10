#if canImport(Glibc)
    import Glibc
#endif

/// Runs a blocking job on a thread of its own.
///
/// Transfers block for up to the total time-out; dispatch queues on Linux run only about one job per
/// core at a time, so ten slow images would queue behind each other. One thread per transfer (a
/// document's images, at most a few dozen) keeps them concurrent.
enum DetachedThread {
    private final class Job {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    static func run(_ body: @escaping @Sendable () -> Void) {
        let job = Unmanaged.passRetained(Job(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, 1 << 20)
        var thread = pthread_t()
        let status = pthread_create(
            &thread, &attributes,
            { context in
                guard let context else { return nil }
                let job = Unmanaged<Job>.fromOpaque(context).takeRetainedValue()
                job.body()
                return nil
            }, job)
        pthread_attr_destroy(&attributes)
        if status != 0 {
            Unmanaged<Job>.fromOpaque(job).takeRetainedValue().body()  // no thread: run it here
        }
    }
}
