/// A small random number generator with a fixed seed, so that a randomised test replays the same
/// inputs on every run and a failure it finds is found again.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 11 &* 0x9E37_79B9_7F4A_7C15
    }
}
