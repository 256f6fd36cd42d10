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
        .target(
            name: "MarkdownCore",
            dependencies: ["CCmarkGFM"]
        ),
        .target(
            name: "Highlight",
            dependencies: ["MarkdownCore", "CTreeSitter"]
        ),
        .executableTarget(
            name: "HighlightBench",
            dependencies: ["Highlight"]
        ),
        .executableTarget(
            name: "mdview",
            dependencies: [
                "MarkdownCore",
                "Highlight",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "MarkdownCoreTests",
            dependencies: ["MarkdownCore"]
        ),
        .testTarget(
            name: "HighlightTests",
            dependencies: ["Highlight", "MarkdownCore", "CTreeSitter"]
        ),
        .testTarget(
            name: "mdviewTests",
            dependencies: ["MarkdownCore", "mdview"]
        ),
    ]
)
