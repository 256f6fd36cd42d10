// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "mdview",
    products: [
        .executable(name: "mdview", targets: ["mdview"]),
        .library(name: "MarkdownCore", targets: ["MarkdownCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(
            name: "CTreeSitter",
            pkgConfig: "tree-sitter",
            providers: [.apt(["libtree-sitter-dev"])]
        ),
        .systemLibrary(
            name: "CSixel",
            pkgConfig: "libsixel",
            providers: [.apt(["libsixel-dev"])]
        ),
        // Image codecs (issue 4): one system-library target per Debian library, each with a shim.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        .systemLibrary(
            name: "CGIF",
            providers: [.apt(["libgif-dev"])]
        ),
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]
        ),
        // Model, parsing, the resolve stage's seams, layout, writing, terminal capabilities: no codec and
        // no network.
        .target(
            name: "MarkdownCore",
            dependencies: ["CCmarkGFM"]
        ),
        // Images: loaders, memory and disk caches, decoders, sizers, one encoder per terminal protocol.
        .target(
            name: "MarkdownImages",
            dependencies: ["MarkdownCore", "CSixel", "CPNG", "CTurboJPEG", "CGIF", "CWebP"]
        ),
        // libcurl, loaded with dlopen on the first remote image (curl/curl.h from libcurl4-openssl-dev
        // at build time only): no Foundation networking in the binary, no start-up cost without images.
        .target(
            name: "CCurlFetch",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .target(
            name: "ImageHTTP",
            dependencies: ["MarkdownCore", "MarkdownImages", "CCurlFetch"]
        ),
        // The tree-sitter query language: reading queries against a grammar's symbols, predicates,
        // precedence, matching a syntax tree and resolving captures into tokens. Its contract is the
        // oracle suite (Tests/HighlightQueryTests), which compares it with libtree-sitter's own engine.
        .target(
            name: "HighlightQuery",
            dependencies: ["MarkdownCore", "CTreeSitter"]
        ),
        // Highlighting behind MarkdownCore's `SyntaxHighlighter`: language catalogue, grammar search and
        // loading, the result cache, parsing within a CPU-time budget.
        .target(
            name: "Highlight",
            dependencies: ["MarkdownCore", "HighlightQuery", "CTreeSitter"]
        ),
        .executableTarget(
            name: "HighlightBench",
            dependencies: ["Highlight", "MarkdownCore"],
            // The allocator mdview itself links, so the benchmark measures what the command does.
            linkerSettings: [.linkedLibrary("mimalloc")]
        ),
        .executableTarget(
            name: "mdview",
            dependencies: [
                "MarkdownCore",
                "MarkdownImages",
                "Highlight",
                "ImageHTTP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // mimalloc (Debian: libmimalloc-dev) replaces glibc's malloc for the whole process: mdview
            // makes millions of small allocations, and it renders a large document about 18% faster.
            linkerSettings: [.linkedLibrary("mimalloc")]
        ),
        // Times the streaming engine for scripts/bench-stream.sh.
        .executableTarget(
            name: "StreamBench",
            dependencies: ["MarkdownCore"],
            linkerSettings: [.linkedLibrary("mimalloc")]
        ),
        // Times decoding and encoding for scripts/bench-images.sh.
        .executableTarget(
            name: "mdview-image-bench",
            dependencies: ["MarkdownImages"]
        ),
        // Not a test target itself: helpers the test targets share (never linked into the product).
        .target(
            name: "TestSupport",
            dependencies: ["MarkdownCore"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "MarkdownCoreTests",
            dependencies: ["MarkdownCore", "TestSupport"],
            exclude: ["Golden"]  // read from the source tree by GoldenOutputTests, not bundled
        ),
        .testTarget(
            name: "ImageTests",
            dependencies: ["MarkdownCore", "MarkdownImages", "ImageHTTP", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "HighlightQueryTests",
            dependencies: ["HighlightQuery", "Highlight", "MarkdownCore", "CTreeSitter", "TestSupport"]
        ),
        .testTarget(
            name: "HighlightTests",
            dependencies: ["Highlight", "MarkdownCore", "CTreeSitter", "TestSupport"]
        ),
        .testTarget(
            name: "mdviewTests",
            dependencies: ["MarkdownCore", "mdview", "TestSupport"],
            exclude: ["Scripts"]  // helper programs the streaming tests run, read from the source tree
        ),
    ]
)
