import Foundation

/// Hostile and broken SVG documents, written next to the other fixtures (never committed: they are
/// made here, each as small as it can be while still being what its name says).
enum SVGFixtures {
    static let namespaces = "xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink'"

    /// A shields.io-style badge claiming 100,000,000 × 100,000,000 pixels.
    static let hugeSize = "<svg \(namespaces) width='100000000' height='100000000'><rect width='9' height='9'/></svg>"

    /// Cut off in the middle of a tag.
    static let malformed = "<svg \(namespaces) width='20' height='20'><rect width='10' height='10'"

    /// The "billion laughs" of SVG: ten levels, each `<use>`-ing the previous one ten times (10¹⁰
    /// rectangles; librsvg 2.54 stops only after 500,000 references, tens of seconds later).
    static let useBomb: String = {
        var text = "<svg \(namespaces) width='40' height='20'><defs><rect id='l0' width='1' height='1'/>"
        for level in 1...10 {
            text += "<g id='l\(level)'>" + String(repeating: "<use xlink:href='#l\(level - 1)'/>", count: 10) + "</g>"
        }
        return text + "</defs><use xlink:href='#l10'/></svg>"
    }()

    /// 20,000 `<use>` elements, each referencing the one before (overflows librsvg 2.54's stack).
    static let useChain: String = {
        var text = "<svg \(namespaces) width='40' height='20'><defs><rect id='u0' width='1' height='1'/>"
        for index in 1..<20_000 { text += "<use id='u\(index)' xlink:href='#u\(index - 1)'/>" }
        return text + "</defs><use xlink:href='#u19999'/></svg>"
    }()

    /// Two groups that `<use>` each other, and one rectangle: librsvg skips the cycle and draws the rest.
    static let useCycle =
        "<svg \(namespaces) width='40' height='20'><g id='a'><use xlink:href='#b'/></g><g id='b'><use xlink:href='#a'/></g>"
        + "<rect width='5' height='5' fill='#ff0000'/></svg>"

    /// 8000 × 100 pixels: within the caps, rendered scaled down to 4096 pixels wide.
    static let wide = "<svg \(namespaces) width='8000' height='100'><rect width='8000' height='100' fill='#00f'/></svg>"

    /// A style sheet that points every rectangle at a pattern: the graph check cannot follow selectors.
    static let styleReference =
        "<svg \(namespaces) width='9' height='9'><style>rect { fill: url(#p) }</style>"
        + "<pattern id='p' width='2' height='2'><rect width='1' height='1'/></pattern><rect width='9' height='9'/></svg>"

    /// An SVG picture embedding `bytes` as a base64 `data:` URL of `type`, as shields.io embeds logos.
    static func embedding(_ bytes: [UInt8], type: String) -> String {
        "<svg \(namespaces) width='20' height='20'><image width='14' height='14' href='data:\(type);base64,"
            + Data(bytes).base64EncodedString() + "'/><rect x='15' width='5' height='5' fill='#00ff00'/></svg>"
    }

    static let generated = [
        "svg-huge.svg": hugeSize, "svg-malformed.svg": malformed, "svg-use-bomb.svg": useBomb,
        "svg-use-chain.svg": useChain, "svg-use-cycle.svg": useCycle, "svg-wide.svg": wide,
    ]
}
