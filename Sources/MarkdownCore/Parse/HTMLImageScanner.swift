import FoundationEssentials

/// Finds images written as HTML in READMEs — `<img src=… alt=… width=…>`, badges inside `<a>`, and
/// `<picture>` with `<source media=… srcset=…>` plus an `<img>` fallback — for `--html raw`, where the
/// rest of the HTML is shown as it is. The tags are read by libxml2 (`HTMLTokenReader`).
public enum HTMLImageScanner {
    /// Images in document order. A `<picture>` gives one reference whose sources are the `<source>`
    /// candidates matching the colour scheme (`prefersDark`), then those without a media query, then
    /// the `<img>`.
    public static func images(in html: String, prefersDark: Bool = true) -> [ImageReference] {
        guard mayHoldImage(html), let tokens = HTMLTokenReader.tokens(html) else { return [] }
        var found: [ImageReference] = []
        var picture: [String]?  // candidates of an open <picture>
        for token in tokens {
            switch token {
            case .start("picture", _):
                picture = []
            case .end("picture"):
                picture = nil
            case .start("source", let attributes) where picture != nil:
                guard let srcset = attributes["srcset"] ?? attributes["src"], let url = firstCandidate(srcset)
                else { break }
                let media = (attributes["media"] ?? "").lowercased().filter { !$0.isWhitespace }
                if media.isEmpty {
                    picture?.append(url)
                } else if media.contains("prefers-color-scheme:dark") {
                    if prefersDark { picture?.insert(url, at: 0) }
                } else if media.contains("prefers-color-scheme:light") {
                    if !prefersDark { picture?.insert(url, at: 0) }
                }
            case .start("img", let attributes):
                var sources = picture ?? []
                if let src = attributes["src"], !src.isEmpty {
                    sources.append(src)
                } else if let srcset = attributes["srcset"], let url = firstCandidate(srcset) {
                    sources.append(url)
                }
                guard !sources.isEmpty else { break }
                var unique: [String] = []
                for s in sources.map(ControlCharacterSanitizer.sanitize) where !unique.contains(s) { unique.append(s) }
                found.append(
                    ImageReference(
                        sources: unique, alt: ControlCharacterSanitizer.sanitize(attributes["alt"] ?? ""),
                        title: ControlCharacterSanitizer.sanitize(attributes["title"] ?? ""),
                        width: pixels(attributes["width"]), height: pixels(attributes["height"])))
                if picture != nil { picture = [] }
            default:
                break
            }
        }
        return found
    }

    /// The image an inline HTML node (one tag, such as `<img …>`) shows, if any.
    public static func image(inTag html: String) -> ImageReference? {
        guard mayHoldImage(html) else { return nil }
        return images(in: html).first
    }

    /// False when the HTML has no `<img` tag in any letter case, so there is nothing to scan: a quick
    /// byte test that spares the common HTML (anchors, comments, `<br>`) the parser.
    public static func mayHoldImage(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { bytes in
            guard bytes.count >= 4 else { return false }
            for index in 0..<(bytes.count - 3) where bytes[index] == 0x3C {
                if bytes[index + 1] | 0x20 == 0x69, bytes[index + 2] | 0x20 == 0x6D, bytes[index + 3] | 0x20 == 0x67 {
                    return true
                }
            }
            return false
        }
    }

    /// True when the HTML has text outside its tags and comments.
    public static func hasVisibleText(_ html: String) -> Bool {
        guard let tokens = HTMLTokenReader.tokens(html) else { return true }
        return tokens.contains { token in
            if case .text(let text) = token { return text.contains { !$0.isWhitespace } }
            return false
        }
    }

    /// `200`, `200px` → 200; percentages and other units → nil (no bound).
    static func pixels(_ value: String?) -> Int? {
        guard var v = value?.trimmedWhitespace.lowercased() else { return nil }
        if v.hasSuffix("px") { v.removeLast(2) }
        guard let n = Int(v), n > 0, n <= 16_384 else { return nil }
        return n
    }

    /// The first URL of a `srcset` (`a.png 1x, b.png 2x` → `a.png`).
    static func firstCandidate(_ srcset: String) -> String? {
        let first = srcset.split(separator: ",").first.map(String.init) ?? ""
        let url = first.trimmedWhitespace.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first
        return url.map(String.init).flatMap { $0.isEmpty ? nil : $0 }
    }
}
