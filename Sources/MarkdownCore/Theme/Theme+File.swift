extension Theme {
    /// A theme with every style plain: what theme files are laid over.
    static let blank = Theme(
        headings: Array(repeating: .plain, count: 6), emphasis: .plain, strong: .plain, strikethrough: .plain,
        inlineCode: .plain, link: .plain, linkURL: .plain, imagePlaceholder: .plain, quoteBar: .plain,
        listMarker: .plain, taskChecked: .plain, taskUnchecked: .plain, codeBlock: .plain, codeFrame: .plain,
        codeLabel: .plain, tableBorder: .plain, tableHeader: .plain, thematicBreak: .plain, html: .plain,
        frontMatter: .plain, footnoteReference: .plain, footnoteHeading: .plain, controlPicture: .plain,
        syntax: [:])

    /// Every style a theme file may set, by its name there.
    static let styleKeyPaths: [String: WritableKeyPath<Theme, Style> & Sendable] = [
        "heading1": \.headings[0], "heading2": \.headings[1], "heading3": \.headings[2],
        "heading4": \.headings[3], "heading5": \.headings[4], "heading6": \.headings[5],
        "emphasis": \.emphasis, "strong": \.strong, "strikethrough": \.strikethrough, "inlineCode": \.inlineCode,
        "link": \.link, "linkURL": \.linkURL, "imagePlaceholder": \.imagePlaceholder, "quoteBar": \.quoteBar,
        "listMarker": \.listMarker, "taskChecked": \.taskChecked, "taskUnchecked": \.taskUnchecked,
        "codeBlock": \.codeBlock, "codeFrame": \.codeFrame, "codeLabel": \.codeLabel,
        "tableBorder": \.tableBorder, "tableHeader": \.tableHeader, "thematicBreak": \.thematicBreak,
        "html": \.html, "frontMatter": \.frontMatter, "footnoteReference": \.footnoteReference,
        "footnoteHeading": \.footnoteHeading, "controlPicture": \.controlPicture,
    ]

    /// The style names, sorted, for messages.
    static let styleNames = styleKeyPaths.keys.sorted()

    /// The theme a file describes (already merged with its base): its styles over plain ones, its syntax
    /// colours with their capture aliases.
    init(file: ThemeFile) {
        self = .blank
        background = file.background ?? .dark
        for (name, style) in file.styles {
            if let path = Self.styleKeyPaths[name] { self[keyPath: path] = style.style }
        }
        syntax = Self.withCaptureAliases(file.syntax.mapValues(\.style))
    }
}
