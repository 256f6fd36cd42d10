extension HTMLInterpreter {
    /// Whether interpreting `blocks` leaves no HTML element open at their end, so that the blocks after
    /// them are interpreted the same alone as joined to them: what lets a large document be interpreted
    /// a part at a time (`DocumentParts`). A placeholder put after the last block must arrive outside
    /// every element the tree builder keeps open (and outside any comment or attribute libxml2 is still
    /// reading), with no text waiting that text after it would join into one paragraph.
    static func leavesNoElementOpen(_ blocks: [Block], stripping: Bool) -> Bool {
        var html = placeholderHTML(blocks)
        html += "<\(HTMLTreeBuilder.blockPlaceholder) n=\"end\"></\(HTMLTreeBuilder.blockPlaceholder)>\n"
        // Without libxml2 no HTML is interpreted, in parts or whole.
        guard let tokens = HTMLTokenReader.tokens(html) else { return true }
        var builder = HTMLTreeBuilder(stripping: stripping, markdownBlocks: blocks)
        var arrived = Set<Int>()
        for token in tokens {
            if case .start(let name, let attributes) = token, name == HTMLTreeBuilder.blockPlaceholder {
                if attributes["n"] == "end" {
                    // A block whose placeholder the HTML swallowed (in an unclosed attribute, say) is put
                    // after everything else: where that is depends on what follows, so nothing is final.
                    let swallowed = blocks.indices.contains { !isHTMLBlock(blocks[$0]) && !arrived.contains($0) }
                    return !swallowed && builder.isAtTopLevel && builder.holdsNoText
                }
                if let index = attributes["n"].flatMap(Int.init) { arrived.insert(index) }
            }
            builder.consume(token)
        }
        return false
    }
}

extension HTMLTreeBuilder {
    /// No text waits to become a paragraph: text that HTML after this point would join. A line break
    /// (`<br>`) waits too: trimmed away at the end of a paragraph, it stays before text that follows.
    var holdsNoText: Bool {
        frames.allSatisfy { !$0.inlines.contains(.lineBreak) && Self.trimmed($0.inlines).isEmpty }
    }

    /// No element open but the document's own (`html`, `body`), and no text being dropped or kept verbatim.
    var isAtTopLevel: Bool {
        dropping == 0 && preformatted == 0 && frames.dropFirst().allSatisfy { $0.name == "html" || $0.name == "body" }
    }
}
