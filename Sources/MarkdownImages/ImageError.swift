import Glibc
import MarkdownCore

/// Why an image could not be shown. Every case ends in the alt-text placeholder; `--verbose` prints
/// `description`, which says what the user would need to fix it.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The source names a scheme mdview never loads (only files, `http:` and `https:`).
    case unsupportedScheme(String)
    /// The source could not be understood as a path or URL.
    case invalidSource(String)
    /// Remote loading is switched off (`--no-remote`, `MDVIEW_NO_REMOTE=1`).
    case remoteDisabled
    /// A local path where nothing exists.
    case missing(path: String)
    /// A local path that is not a regular file (FIFO, device, directory), or unreadable.
    case notARegularFile(path: String)
    case unreadable(path: String, errno: Int32)
    /// More bytes than the cap, found before or while reading.
    case tooManyBytes(limit: Int)
    /// The server answered with a status other than 200 (or 304 to a conditional request).
    case httpStatus(Int)
    case tooManyRedirects(limit: Int)
    /// A redirect to another scheme (for example `file:`), which is never followed.
    case redirectRefused(to: String)
    case timedOut(seconds: Double)
    /// The image was still loading or decoding when the text stopped waiting for it: the longest wait for
    /// one image (twice `--image-timeout`, plus 2 s), which the budget (`--image-budget`) had not cut short.
    case stillLoading(seconds: Double)
    /// No byte arrived for this long (connecting included): the idle time-out, `--image-connect-timeout`.
    case idle(seconds: Double)
    case network(String)
    /// The system already knows the host (or, with `host` nil, the whole network) cannot be reached — its
    /// name does not resolve, no route: every other image on it fails at once instead of waiting.
    case unreachable(host: String?, reason: String)
    /// Not loaded within the document's image budget (`--image-budget`): the text did not wait longer.
    case overBudget(seconds: Double)
    /// The bytes are not a format mdview decodes (HTML, PDF, …).
    case notAnImage
    /// An SVG, but librsvg (or cairo, libxml2) could not be loaded: the reason says which.
    case svgRendererMissing(String)
    /// The library a codec or encoder needs (loaded on the first picture) could not be loaded: `what` needs
    /// `library`, which Debian's `package` installs; `reason` says what failed ("libpng16.so.16 not found").
    case codecMissing(what: String, library: String, package: String, reason: String)
    /// librsvg refused the SVG (malformed XML, no size), with its reason.
    case svgRejected(String)
    /// An SVG that would draw more elements or follow a longer chain of references than mdview allows.
    case svgTooComplex(maxElements: Int, maxChain: Int)
    /// An SVG whose filter effects would cover more pixels than `ImageLimits.maxVectorFilterWork` at the
    /// size it would be rendered.
    case svgFiltersTooCostly(width: Int, height: Int, work: Double, limit: Double)
    /// The header claims a picture larger than mdview decodes.
    case tooLarge(width: Int, height: Int)
    /// Decoding would hold more pixel bytes than all decodes of a run may hold together (`DecodeBudget`).
    case overDecodeBudget(bytes: Int, budget: Int)
    /// Its document stopped waiting for the image (`--image-budget`) before it was decoded, so it was not.
    case abandoned
    /// Its document stopped waiting for the image (`--image-budget`) while it was being decoded: the
    /// decode stopped between rows and gave its memory back.
    case cancelled
    /// The decoder gave up on corrupt or truncated data.
    case corrupt(format: String)
    /// Encoding for the terminal failed.
    case encodingFailed(String)
    /// No candidate source was left to try.
    case noSource

    public var description: String {
        switch self {
        case .unsupportedScheme(let s): return "unsupported scheme \(s):"
        case .invalidSource(let s): return "not a path or URL: \(s)"
        case .remoteDisabled: return "remote images are off (--no-remote)"
        case .missing(let p): return "no such file: \(p)"
        case .notARegularFile(let p): return "not a regular file: \(p)"
        case .unreadable(let p, let e): return "cannot read \(p): \(String(cString: strerror(e)))"
        case .tooManyBytes(let limit): return "larger than \(limit) bytes"
        case .httpStatus(let code): return "HTTP status \(code)"
        case .tooManyRedirects(let limit): return "more than \(limit) redirects"
        case .redirectRefused(let to): return "redirect to another scheme refused: \(to)"
        case .timedOut(let s): return "timed out after \(s) s in all"
        case .stillLoading(let s):
            return
                "still loading or decoding after \(s) s, the longest one image is waited for (twice --image-timeout, plus 2 s)"
        case .idle(let s): return "no data for \(s) s (the idle time-out, --image-connect-timeout)"
        case .network(let m): return "network error: \(m)"
        case .unreachable(_, let m): return "unreachable: \(m)"
        case .overBudget(let s): return "not ready within the \(s) s image budget (--image-budget)"
        case .notAnImage: return "not a PNG, JPEG, GIF, WebP or SVG image"
        case .svgRendererMissing(let m): return "SVG needs librsvg (Debian: librsvg2-2): \(m)"
        case .codecMissing(let what, let library, let package, let reason):
            return "\(what) needs \(library) (Debian: \(package)): \(reason)"
        case .svgRejected(let m): return "SVG not rendered: \(m)"
        case .svgTooComplex(let elements, let chain):
            return
                "SVG too complex to draw (more than \(elements) elements or a chain of more than \(chain) references)"
        case .svgFiltersTooCostly(let w, let h, let work, let limit):
            return
                "SVG filters too costly to draw: at \(w)×\(h) they would cover \(Self.millions(work)) million pixels (at most \(Self.millions(limit)) million)"
        case .tooLarge(let w, let h): return "image too large to decode (\(w)×\(h) pixels)"
        case .overDecodeBudget(let bytes, let budget):
            return
                "decoding needs \(bytes >> 20) MB of pixels, more than the \(budget >> 20) MB all images may hold at once"
        case .abandoned: return "no longer waited for (--image-budget), so not decoded"
        case .cancelled: return "no longer waited for (--image-budget), so its decode was stopped"
        case .corrupt(let f): return "corrupt or truncated \(f) data"
        case .encodingFailed(let m): return "encoding failed: \(m)"
        case .noSource: return "no image source"
        }
    }

    /// `work` in millions, rounded up, for messages.
    private static func millions(_ work: Double) -> String {
        work.isFinite ? String(Int(min(work / 1e6, 1e12).rounded(.up))) : "countless"
    }
}
