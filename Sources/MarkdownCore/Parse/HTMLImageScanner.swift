import FoundationEssentials

/// Finds images written as HTML in READMEs — `<img src=… alt=… width=…>`, badges inside `<a>`, and
/// `<picture>` with `<source media=… srcset=…>` plus an `<img>` fallback — by reading tag attributes
/// only. There is no HTML engine here: everything else in the HTML is left alone (and shown as before).
public enum HTMLImageScanner {
    /// Images in document order. A `<picture>` gives one reference whose sources are the `<source>`
    /// candidates matching the colour scheme (`prefersDark`), then those without a media query, then
    /// the `<img>`.
    public static func images(in html: String, prefersDark: Bool = true) -> [ImageReference] {
        var found: [ImageReference] = []
        var picture: [String]?  // candidates of an open <picture>
        for tag in tags(in: html) {
            switch tag.name {
            case "picture":
                picture = tag.isClosing ? nil : []
            case "source" where picture != nil && !tag.isClosing:
                guard let srcset = tag.attributes["srcset"] ?? tag.attributes["src"], let url = firstCandidate(srcset)
                else { break }
                let media = (tag.attributes["media"] ?? "").lowercased().filter { !$0.isWhitespace }
                if media.isEmpty {
                    picture?.append(url)
                } else if media.contains("prefers-color-scheme:dark") {
                    if prefersDark { picture?.insert(url, at: 0) }
                } else if media.contains("prefers-color-scheme:light") {
                    if !prefersDark { picture?.insert(url, at: 0) }
                }
            case "img" where !tag.isClosing:
                var sources = picture ?? []
                if let src = tag.attributes["src"], !src.isEmpty {
                    sources.append(src)
                } else if let srcset = tag.attributes["srcset"], let url = firstCandidate(srcset) {
                    sources.append(url)
                }
                guard !sources.isEmpty else { break }
                var unique: [String] = []
                for s in sources where !unique.contains(s) { unique.append(s) }
                found.append(
                    ImageReference(
                        sources: unique, alt: tag.attributes["alt"] ?? "", title: tag.attributes["title"] ?? "",
                        width: pixels(tag.attributes["width"]), height: pixels(tag.attributes["height"])))
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
    /// byte test that spares the common HTML (anchors, comments, `<br>`) the tag reader.
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
        var inTag = false
        var inComment = false
        let scalars = Array(html.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if inComment {
                if c == "-", i + 2 < scalars.count, scalars[i + 1] == "-", scalars[i + 2] == ">" {
                    inComment = false
                    i += 2
                }
            } else if inTag {
                if c == ">" { inTag = false }
            } else if c == "<" {
                if i + 3 < scalars.count, scalars[i + 1] == "!", scalars[i + 2] == "-", scalars[i + 3] == "-" {
                    inComment = true
                } else {
                    inTag = true
                }
            } else if !c.properties.isWhitespace {
                return true
            }
            i += 1
        }
        return false
    }

    struct Tag {
        var name: String
        var isClosing: Bool
        var attributes: [String: String]
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

    /// Every tag of interest, with decoded attribute values. Comments are skipped.
    static func tags(in html: String) -> [Tag] {
        let chars = Array(html.unicodeScalars)
        var result: [Tag] = []
        var i = 0
        while i < chars.count {
            guard chars[i] == "<" else {
                i += 1
                continue
            }
            if i + 3 < chars.count, chars[i + 1] == "!", chars[i + 2] == "-", chars[i + 3] == "-" {
                var j = i + 4
                while j + 2 < chars.count, !(chars[j] == "-" && chars[j + 1] == "-" && chars[j + 2] == ">") { j += 1 }
                i = j + 3
                continue
            }
            var j = i + 1
            let closing = j < chars.count && chars[j] == "/"
            if closing { j += 1 }
            let nameStart = j
            while j < chars.count, Self.isNameCharacter(chars[j]) { j += 1 }
            let name = String(String.UnicodeScalarView(chars[nameStart..<j])).lowercased()
            guard !name.isEmpty else {
                i += 1
                continue
            }
            var attributes: [String: String] = [:]
            // Attributes: name, name=value, name="value", name='value'.
            while j < chars.count, chars[j] != ">" {
                if chars[j].properties.isWhitespace || chars[j] == "/" {
                    j += 1
                    continue
                }
                let aStart = j
                while j < chars.count, !chars[j].properties.isWhitespace, chars[j] != "=", chars[j] != ">",
                    chars[j] != "/"
                { j += 1 }
                let aName = String(String.UnicodeScalarView(chars[aStart..<j])).lowercased()
                while j < chars.count, chars[j].properties.isWhitespace { j += 1 }
                var value = ""
                if j < chars.count, chars[j] == "=" {
                    j += 1
                    while j < chars.count, chars[j].properties.isWhitespace { j += 1 }
                    if j < chars.count, chars[j] == "\"" || chars[j] == "'" {
                        let quote = chars[j]
                        j += 1
                        let vStart = j
                        while j < chars.count, chars[j] != quote { j += 1 }
                        value = String(String.UnicodeScalarView(chars[vStart..<min(j, chars.count)]))
                        j += 1
                    } else {
                        let vStart = j
                        while j < chars.count, !chars[j].properties.isWhitespace, chars[j] != ">" { j += 1 }
                        value = String(String.UnicodeScalarView(chars[vStart..<j]))
                    }
                }
                if !aName.isEmpty && attributes[aName] == nil { attributes[aName] = decodeEntities(value) }
                if j == aStart { j += 1 }
            }
            if ["img", "picture", "source"].contains(name) {
                result.append(Tag(name: name, isClosing: closing, attributes: attributes))
            }
            i = j + 1
        }
        return result
    }

    static func isNameCharacter(_ c: Unicode.Scalar) -> Bool {
        c.properties.isAlphabetic || (c.value >= 0x30 && c.value <= 0x39)
    }

    /// The few character references that appear in URLs and alt texts.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = text
        for (entity, character) in [
            ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&"),
        ] {
            out = out.replacing(entity, with: character)
        }
        return out
    }
}
