// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "mdview",
    products: [
        .executable(name: "mdview", targets: ["mdview"]),
        .library(name: "MarkdownCore", targets: ["MarkdownCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
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
        // dlopen and dlsym behind one description per library, for the C libraries mdview loads on first use
        // instead of linking them (see the targets below).
        .target(
            name: "CSharedLibrary",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        // The image codecs (libpng, libjpeg-turbo, giflib, libwebp) and libsixel, each loaded with dlopen on
        // the first picture that needs it, so a document without images loads none of them. Their headers
        // come from the -dev packages (scripts/install-deps.sh) at build time only; the include path is
        // pkg-config's for libsixel on Debian.
        .target(
            name: "CImageCodecs",
            dependencies: ["CSharedLibrary"],
            cSettings: [.unsafeFlags(["-I/usr/include/sixel"])]
        ),
        // Model, parsing, the resolve stage's seams, layout, writing, terminal capabilities: no codec and
        // no network.
        // libxml2's HTML parser, loaded with dlopen on the first HTML in a document (libxml/HTMLparser.h from
        // libxml2-dev at build time only), so documents without HTML do not load it and the ICU it links.
        .target(
            name: "CHTMLTokens",
            dependencies: ["CSharedLibrary"],
            cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])],
            linkerSettings: [.linkedLibrary("dl")]
        ),
        // Math found by cmark-gfm's own parser: a syntax extension for inline and display math.
        .target(
            name: "CMathSyntax",
            dependencies: ["CCmarkGFM"]
        ),
        .target(
            name: "MarkdownCore",
            dependencies: ["CCmarkGFM", "CHTMLTokens", "CMathSyntax"],
            // The built-in themes' JSON, compiled into Swift values by scripts/generate-themes.py
            // (ThemeFile+BuiltIn.swift): start-up decodes no JSON, and a static binary needs no bundle.
            exclude: ["Theme/Themes"]
        ),
        // Images: loaders, memory and disk caches, decoders, sizers, one encoder per terminal protocol.
        .target(
            name: "MarkdownImages",
            dependencies: ["MarkdownCore", "CImageCodecs", "CSVGRender"]
        ),
        // SVG through librsvg and cairo, loaded with dlopen on the first SVG (librsvg/rsvg.h from librsvg2-dev
        // and libxml/parser.h from libxml2-dev at build time only), so documents without SVG do not load
        // them, GLib and pango. The include paths are pkg-config's for librsvg-2.0 on Debian (both
        // multiarch directories for GLib's configuration header; a missing one is ignored).
        .target(
            name: "CSVGRender",
            dependencies: ["CHTMLTokens", "CSharedLibrary"],  // the one libxml2 loader
            cSettings: [
                .unsafeFlags([
                    "-I/usr/include/librsvg-2.0", "-I/usr/include/glib-2.0",
                    "-I/usr/lib/x86_64-linux-gnu/glib-2.0/include", "-I/usr/lib/aarch64-linux-gnu/glib-2.0/include",
                    "-I/usr/include/gdk-pixbuf-2.0", "-I/usr/include/cairo", "-I/usr/include/libxml2",
                ])
            ],
            linkerSettings: [.linkedLibrary("m")]
        ),
        // libcurl, loaded with dlopen on the first remote image (curl/curl.h from libcurl4-openssl-dev
        // at build time only): no Foundation networking in the binary, no start-up cost without images.
        .target(
            name: "CCurlFetch",
            dependencies: ["CSharedLibrary"]
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
        // The installed grammars: the language catalogue, where grammars are looked for, loading a grammar
        // and reading its query (kept compiled between processes), and what `--list-languages` reports.
        .target(
            name: "GrammarStore",
            dependencies: ["MarkdownCore", "HighlightQuery", "CTreeSitter"]
        ),
        // Hand-written highlighters for languages no grammar fits (diff, console, HTTP, nginx, ssh_config).
        .target(
            name: "BuiltInHighlight",
            dependencies: ["MarkdownCore"]
        ),
        // Highlighting behind MarkdownCore's `SyntaxHighlighter`: parsing within a CPU-time budget, the
        // result cache, a code block that grows while it streams; grammars come from `GrammarStore`.
        .target(
            name: "Highlight",
            dependencies: ["MarkdownCore", "HighlightQuery", "GrammarStore", "BuiltInHighlight", "CTreeSitter"]
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
            dependencies: ["Highlight", "MarkdownCore"],
            linkerSettings: [.linkedLibrary("mimalloc")]
        ),
        // Times decoding and encoding for scripts/bench-images.sh.
        .executableTarget(
            name: "mdview-image-bench",
            dependencies: ["MarkdownImages"]
        ),
        // The fuzz harness: the whole pipeline and the invariants every rendering keeps, shared by the
        // libFuzzer target and the tests that replay what it found.
        .target(
            name: "MarkdownFuzzing",
            dependencies: ["MarkdownCore", "Highlight", "TestSupport"]
        ),
        // `make fuzz`: a libFuzzer target when built with -sanitize=fuzzer -DMDVIEW_FUZZ, a replayer otherwise.
        .executableTarget(
            name: "mdview-fuzz",
            dependencies: ["MarkdownCore", "MarkdownFuzzing"]
        ),
        // Not a test target itself: helpers the test targets share (never linked into the product).
        .target(
            name: "TestSupport",
            dependencies: ["MarkdownCore"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "MarkdownCoreTests",
            dependencies: [
                "MarkdownCore", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // Read from the source tree by GoldenOutputTests and MathCorpus, not bundled.
            exclude: ["Golden", "Math/Corpus"]
        ),
        .testTarget(
            name: "ImageTests",
            dependencies: ["MarkdownCore", "MarkdownImages", "ImageHTTP", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "HighlightQueryTests",
            dependencies: ["HighlightQuery", "Highlight", "GrammarStore", "MarkdownCore", "CTreeSitter", "TestSupport"]
        ),
        .testTarget(
            name: "HighlightTests",
            dependencies: [
                "Highlight", "GrammarStore", "BuiltInHighlight", "MarkdownCore", "CTreeSitter", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "FuzzRegressionTests",
            dependencies: ["MarkdownCore", "MarkdownFuzzing", "TestSupport"],
            exclude: ["Inputs"]  // read from the source tree, not bundled
        ),
        .testTarget(
            name: "mdviewTests",
            dependencies: ["MarkdownCore", "Highlight", "mdview", "TestSupport"],
            exclude: ["Fixtures", "Scripts"]  // fixtures and helper programs the tests read from the source tree
        ),
    ]
)
