import Testing

@testable import mdview

/// The fast path's image flags are set to their defaults by hand, not parsed (see
/// `ImageOptions.defaults`): they must equal what the argument parser gives for no flags.
@Suite struct ImageDefaultsTests {
    @Test func theDefaultsSetByHandEqualTheParsersForNoFlags() throws {
        let parsed = try ImageOptions.parse([])
        let defaults = ImageOptions.defaults
        #expect(defaults.images == parsed.images)
        #expect(defaults.noImages == parsed.noImages)
        #expect(defaults.imageSize == parsed.imageSize)
        #expect(defaults.noRemote == parsed.noRemote)
        #expect(defaults.imageTimeout == parsed.imageTimeout)
        #expect(defaults.imageConnectTimeout == parsed.imageConnectTimeout)
        #expect(defaults.imageBudget == parsed.imageBudget)
        try defaults.validate()
    }

    @Test func theComparisonAboveCoversEveryImageFlag() {
        // A new image flag must be added to `ImageOptions.defaults` and to the test above.
        let flags = Mirror(reflecting: ImageOptions.defaults).children.compactMap(\.label)
        #expect(
            flags.sorted() == [
                "_imageBudget", "_imageConnectTimeout", "_imageSize", "_imageTimeout", "_images", "_noImages",
                "_noRemote",
            ])
    }
}
