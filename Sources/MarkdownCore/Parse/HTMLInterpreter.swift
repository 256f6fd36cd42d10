/// Interprets the HTML in a parsed document (`--html render`, or `strip`): every run of blocks that holds
/// an HTML block, and every run of inlines that holds inline HTML, is read as one piece of HTML in which
/// the Markdown between the tags stands as placeholders, so tags opened in one HTML block enclose the
/// Markdown up to their closing tag. Content is interpreted innermost first; runs without HTML are
/// returned as they are (and cost one scan).
struct HTMLInterpreter {
    /// Drop tags and keep their text instead of interpreting them.
    let stripping: Bool

    func blocks(_ blocks: [Block]) -> [Block] {
        joined(blocks.flatMap(interpretingContent))
    }

    /// Blocks whose content is interpreted already, read as one piece of HTML when any is an HTML block.
    func joined(_ inner: [Block]) -> [Block] {
        guard inner.contains(where: Self.isHTMLBlock) else { return inner }
        guard let tokens = HTMLTokenReader.tokens(Self.placeholderHTML(inner)) else { return inner }
        var builder = HTMLTreeBuilder(stripping: stripping, markdownBlocks: inner)
        return builder.blocks(from: tokens)
    }

    /// The HTML of `blocks` with every other block standing as a placeholder element, one a line. A
    /// placeholder that stands for nothing comes first: libxml2 2.9's push parser drops everything
    /// after a closing tag that opens the input (`</div>` first would hide the rest of the document),
    /// and with it HTML reads the same at the start of a document as after other blocks, which is what
    /// lets a stream interpret its tail alone.
    static func placeholderHTML(_ blocks: [Block]) -> String {
        var html = "<\(HTMLTreeBuilder.blockPlaceholder) n=\"before\"></\(HTMLTreeBuilder.blockPlaceholder)>\n"
        for (index, block) in blocks.enumerated() {
            if case .htmlBlock(let block) = block {
                html += block.html
                html += "\n"
            } else {
                html += "<\(HTMLTreeBuilder.blockPlaceholder) n=\"\(index)\"></\(HTMLTreeBuilder.blockPlaceholder)>\n"
            }
        }
        return html
    }

    static func isHTMLBlock(_ block: Block) -> Bool {
        if case .htmlBlock = block { true } else { false }
    }

    /// The block with the HTML inside it interpreted (its inlines and its nested blocks); nothing for a
    /// paragraph whose HTML held no visible content (`<template>…</template>`).
    func interpretingContent(_ block: Block) -> [Block] {
        switch block {
        case .paragraph(let inlines):
            let (content, alignment) = interpretedInlines(inlines)
            if content.isEmpty { return inlines.isEmpty ? [block] : [] }
            if let alignment { return [.aligned(alignment, [.paragraph(content)])] }
            return [.paragraph(content)]
        default:
            return [interpretingNested(block)]
        }
    }

    private func interpretingNested(_ block: Block) -> Block {
        switch block {
        case .paragraph:
            return block
        case .heading(let level, let inlines):
            return .heading(level: level, interpretedInlines(inlines).inlines)
        case .blockQuote(let children):
            return .blockQuote(blocks(children))
        case .list(var list):
            list.items = list.items.map { ListItem(task: $0.task, blocks: blocks($0.blocks)) }
            return .list(list)
        case .table(var table):
            table.header = table.header.map { interpretedInlines($0).inlines }
            table.rows = table.rows.map { $0.map { interpretedInlines($0).inlines } }
            return .table(table)
        case .alert(var alert):
            alert.blocks = blocks(alert.blocks)
            return .alert(alert)
        case .codeBlock, .htmlBlock, .thematicBreak, .aligned, .details, .definitionList, .math, .diagram:
            return block
        }
    }

    private func interpretedInlines(_ inlines: [Inline]) -> (inlines: [Inline], alignment: BlockAlignment?) {
        let inner = inlines.map(interpretingContent)
        guard inner.contains(where: Self.isHTML) else { return (inner, nil) }
        // libxml2 reads `<script>` and `<style>` content as raw text, placeholders included: such an element
        // and its content are dropped here; an unclosed one loses only its tag, never the text after it.
        // The next closing tag of each element after each position, found in one backward pass (linear
        // however many unclosed tags there are).
        var nextClose: [String: [Int?]] = [:]
        for name in Self.rawTextElements {
            var next: Int?
            var table = [Int?](repeating: nil, count: inner.count)
            for position in inner.indices.reversed() {
                table[position] = next
                if case .html(let tag) = inner[position], Self.rawTextTagName(tag, closing: true) == name {
                    next = position
                }
            }
            nextClose[name] = table
        }
        var kept: [Inline] = []
        var index = 0
        while index < inner.count {
            if case .html(let tag) = inner[index], let name = Self.rawTextTagName(tag, closing: false),
                Self.rawTextElements.contains(name)
            {
                index = (nextClose[name]?[index] ?? index) + 1
                continue
            }
            kept.append(inner[index])
            index += 1
        }
        var html = ""
        for (index, inline) in kept.enumerated() {
            switch inline {
            case .html(let tag), .htmlImage(let tag, _):
                html += tag
            default:
                html += "<\(HTMLTreeBuilder.inlinePlaceholder) n=\"\(index)\"></\(HTMLTreeBuilder.inlinePlaceholder)>"
            }
        }
        guard let tokens = HTMLTokenReader.tokens(html) else { return (inner, nil) }
        var builder = HTMLTreeBuilder(stripping: stripping, markdownInlines: kept)
        return builder.inlines(from: tokens)
    }

    private func interpretingContent(_ inline: Inline) -> Inline {
        switch inline {
        case .emphasis(let children): return .emphasis(interpretedInlines(children).inlines)
        case .strong(let children): return .strong(interpretedInlines(children).inlines)
        case .strikethrough(let children): return .strikethrough(interpretedInlines(children).inlines)
        case .link(var link):
            link.content = interpretedInlines(link.content).inlines
            return .link(link)
        default: return inline
        }
    }

    private static let rawTextElements: Set<String> = ["script", "style"]

    /// The lower-case name of the `script` or `style` tag `html` opens (or closes); nil for any other tag.
    static func rawTextTagName(_ html: String, closing: Bool) -> String? {
        var rest = Substring(html)
        // Only `script` and `style` are ever asked for: anything else is answered without a copy.
        let first = html.utf8.dropFirst(closing ? 2 : 1).first.map { $0 | 0x20 }
        guard first == UInt8(ascii: "s") else { return nil }
        guard rest.hasPrefix("<") else { return nil }
        rest = rest.dropFirst()
        if closing {
            guard rest.hasPrefix("/") else { return nil }
            rest = rest.dropFirst()
        }
        let name = rest.prefix { $0.isLetter || $0.isNumber }
        let lowered = name.lowercased()
        return rawTextElements.contains(lowered) ? lowered : nil
    }

    private static func isHTML(_ inline: Inline) -> Bool {
        switch inline {
        case .html, .htmlImage: return true
        default: return false
        }
    }
}
