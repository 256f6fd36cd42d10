import MarkdownCore

/// Which inputs a `MarkdownStream` is guaranteed to render exactly as the one-shot renderer does, in
/// any pieces: the documented exceptions as code, so that the stream fuzz target and the tests check
/// exactness everywhere it is promised and nowhere else. A test oracle, not part of the product.
///
/// The exception: a link reference definition (a block that uses it may be final before it arrives).
public enum StreamExactness {
    /// Whether streaming `markdown`, read with `options`, equals its one-shot render in any pieces.
    public static func isGuaranteed(for markdown: String, options: ParseOptions) -> Bool {
        !mayDefineLinkReference(markdown)
    }

    /// Whether some line holds `[label]:` whose label is not a footnote's (`[^label]:`): a conservative
    /// test for a link reference definition, which may be false only where there is none.
    static func mayDefineLinkReference(_ markdown: String) -> Bool {
        var lastOpen: String.UTF8View.Index?
        let utf8 = markdown.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            switch utf8[index] {
            case UInt8(ascii: "["):
                lastOpen = index
            case UInt8(ascii: "]"):
                let next = utf8.index(after: index)
                if next < utf8.endIndex, utf8[next] == UInt8(ascii: ":") {
                    guard let open = lastOpen else { return true }
                    let label = utf8.index(after: open)
                    if label == index || utf8[label] != UInt8(ascii: "^") { return true }
                }
            default:
                break
            }
            index = utf8.index(after: index)
        }
        return false
    }
}
