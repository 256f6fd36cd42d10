import CImageCodecs

/// The C library behind each codec. None is linked: each is loaded with dlopen on the first picture that
/// needs it (so a document without images loads none of them), and when one is missing that picture falls
/// back to its alt text with `ImageError.codecMissing`, which says which Debian package to install.
enum CodecLibrary: Sendable {
    case png, jpeg, gif, webp, sixel

    /// The decoder of `format`.
    init(decoding format: ImageHeader.Format) {
        switch format {
        case .png: self = .png
        case .jpeg: self = .jpeg
        case .gif: self = .gif
        case .webp: self = .webp
        }
    }

    /// Loads the library on the first call; throws why it cannot be used.
    func load() throws(ImageError) {
        let failure: UnsafePointer<CChar>? =
            switch self {
            case .png: mdview_png_load()
            case .jpeg: mdview_jpeg_load()
            case .gif: mdview_gif_load()
            case .webp: mdview_webp_load()
            case .sixel: mdview_sixel_load()
            }
        guard let failure else { return }
        throw .codecMissing(
            what: what, library: library, package: package, reason: String(cString: failure))
    }

    /// What the library is needed for, as `--verbose` says it.
    private var what: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .sixel: "sixel graphics"
        }
    }

    private var library: String {
        switch self {
        case .png: "libpng"
        case .jpeg: "libjpeg-turbo"
        case .gif: "giflib"
        case .webp: "libwebp"
        case .sixel: "libsixel"
        }
    }

    /// The Debian package that installs it.
    private var package: String {
        switch self {
        case .png: "libpng16-16"
        case .jpeg: "libjpeg62-turbo"
        case .gif: "libgif7"
        case .webp: "libwebp7"
        case .sixel: "libsixel1"
        }
    }
}
