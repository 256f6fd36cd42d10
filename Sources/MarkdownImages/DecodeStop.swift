import CImageCodecs

/// The question a C decoder asks between rows, whether to stop (`mdview_decode_stop`), answered by a
/// Swift closure: a decode whose picture nobody waits for any more (`--image-budget`) stops early and
/// gives its memory back instead of running to the end.
enum DecodeStop {
    /// Calls `body` with a `mdview_decode_stop` that asks `shouldStop`, valid only during the call.
    static func asking<Result>(
        _ shouldStop: () -> Bool, _ body: (UnsafePointer<mdview_decode_stop>) -> Result
    ) -> Result {
        withoutActuallyEscaping(shouldStop) { shouldStop in
            var question = shouldStop
            return withUnsafeMutablePointer(to: &question) { context in
                var stop = mdview_decode_stop(
                    should_stop: { context in
                        guard let context else { return 0 }
                        return context.assumingMemoryBound(to: (() -> Bool).self).pointee() ? 1 : 0
                    },
                    context: UnsafeMutableRawPointer(context))
                return withUnsafePointer(to: &stop) { body($0) }
            }
        }
    }
}
