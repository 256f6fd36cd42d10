extension Theme {
    /// The names `--theme` accepts.
    public enum Name: String, CaseIterable, Sendable {
        case dark, light
    }

    public static func named(_ name: Name) -> Theme {
        switch name {
        case .dark: return .dark
        case .light: return .light
        }
    }

    /// For dark backgrounds (the default).
    public static let dark = Theme(
        headings: [
            Style(foreground: .rgb(0xff, 0xd7, 0x5f), bold: true, underline: true),
            Style(foreground: .rgb(0x5f, 0xd7, 0xff), bold: true),
            Style(foreground: .rgb(0x87, 0xd7, 0x87), bold: true),
            Style(foreground: .rgb(0xd7, 0x87, 0xff), bold: true),
            Style(foreground: .rgb(0xd7, 0xaf, 0x87), bold: true),
            Style(foreground: .rgb(0xa8, 0xa8, 0xa8), bold: true, italic: true),
        ],
        emphasis: Style(italic: true),
        strong: Style(bold: true),
        strikethrough: Style(strikethrough: true),
        inlineCode: Style(foreground: .rgb(0xff, 0x87, 0x5f), background: .rgb(0x30, 0x30, 0x30)),
        link: Style(foreground: .rgb(0x5f, 0xaf, 0xff), underline: true),
        linkURL: Style(foreground: .rgb(0x80, 0x80, 0x80)),
        imagePlaceholder: Style(foreground: .rgb(0xaf, 0x87, 0xd7)),
        quoteBar: Style(foreground: .rgb(0x80, 0x80, 0x80)),
        listMarker: Style(foreground: .rgb(0xff, 0xaf, 0x00), bold: true),
        taskChecked: Style(foreground: .rgb(0x87, 0xd7, 0x5f), bold: true),
        taskUnchecked: Style(foreground: .rgb(0xa8, 0xa8, 0xa8)),
        codeBlock: Style(foreground: .rgb(0xd0, 0xd0, 0xd0)),
        codeFrame: Style(foreground: .rgb(0x58, 0x58, 0x58)),
        codeLabel: Style(foreground: .rgb(0x87, 0x87, 0x87), italic: true),
        tableBorder: Style(foreground: .rgb(0x6c, 0x6c, 0x6c)),
        tableHeader: Style(bold: true),
        thematicBreak: Style(foreground: .rgb(0x6c, 0x6c, 0x6c)),
        html: Style(foreground: .rgb(0x87, 0x87, 0x87), dim: true),
        frontMatter: Style(foreground: .rgb(0x87, 0x87, 0x87), dim: true),
        footnoteReference: Style(foreground: .rgb(0x5f, 0xaf, 0xff)),
        footnoteHeading: Style(foreground: .rgb(0xa8, 0xa8, 0xa8), bold: true),
        controlPicture: Style(foreground: .rgb(0xff, 0x5f, 0x5f), inverse: true),
        // GitHub's dark-mode alert colours: note, tip, important, warning, caution.
        alerts: [
            Style(foreground: .rgb(0x44, 0x93, 0xf8)), Style(foreground: .rgb(0x3f, 0xb9, 0x50)),
            Style(foreground: .rgb(0xab, 0x7d, 0xf8)), Style(foreground: .rgb(0xd2, 0x99, 0x22)),
            Style(foreground: .rgb(0xf8, 0x51, 0x49)),
        ],
        keyboard: Style(foreground: .rgb(0xe4, 0xe4, 0xe4), background: .rgb(0x44, 0x44, 0x44), bold: true),
        highlight: Style(foreground: .rgb(0x1c, 0x1c, 0x1c), background: .rgb(0xff, 0xd7, 0x5f)),
        badgeLabel: Style(foreground: .rgb(0xff, 0xff, 0xff), background: .rgb(0x55, 0x55, 0x55)),
        syntax: darkSyntax
    )

    /// For light backgrounds.
    public static let light = Theme(
        headings: [
            Style(foreground: .rgb(0xaf, 0x00, 0x5f), bold: true, underline: true),
            Style(foreground: .rgb(0x00, 0x5f, 0xaf), bold: true),
            Style(foreground: .rgb(0x00, 0x87, 0x00), bold: true),
            Style(foreground: .rgb(0x87, 0x00, 0xaf), bold: true),
            Style(foreground: .rgb(0x87, 0x5f, 0x00), bold: true),
            Style(foreground: .rgb(0x58, 0x58, 0x58), bold: true, italic: true),
        ],
        emphasis: Style(italic: true),
        strong: Style(bold: true),
        strikethrough: Style(strikethrough: true),
        inlineCode: Style(foreground: .rgb(0xaf, 0x00, 0x00), background: .rgb(0xee, 0xee, 0xee)),
        link: Style(foreground: .rgb(0x00, 0x5f, 0xd7), underline: true),
        linkURL: Style(foreground: .rgb(0x6c, 0x6c, 0x6c)),
        imagePlaceholder: Style(foreground: .rgb(0x87, 0x00, 0xaf)),
        quoteBar: Style(foreground: .rgb(0x9e, 0x9e, 0x9e)),
        listMarker: Style(foreground: .rgb(0xaf, 0x5f, 0x00), bold: true),
        taskChecked: Style(foreground: .rgb(0x00, 0x87, 0x00), bold: true),
        taskUnchecked: Style(foreground: .rgb(0x6c, 0x6c, 0x6c)),
        codeBlock: Style(foreground: .rgb(0x30, 0x30, 0x30)),
        codeFrame: Style(foreground: .rgb(0xb2, 0xb2, 0xb2)),
        codeLabel: Style(foreground: .rgb(0x6c, 0x6c, 0x6c), italic: true),
        tableBorder: Style(foreground: .rgb(0x9e, 0x9e, 0x9e)),
        tableHeader: Style(bold: true),
        thematicBreak: Style(foreground: .rgb(0x9e, 0x9e, 0x9e)),
        html: Style(foreground: .rgb(0x6c, 0x6c, 0x6c), dim: true),
        frontMatter: Style(foreground: .rgb(0x6c, 0x6c, 0x6c), dim: true),
        footnoteReference: Style(foreground: .rgb(0x00, 0x5f, 0xd7)),
        footnoteHeading: Style(foreground: .rgb(0x4e, 0x4e, 0x4e), bold: true),
        controlPicture: Style(foreground: .rgb(0xd7, 0x00, 0x00), inverse: true),
        // GitHub's light-mode alert colours: note, tip, important, warning, caution.
        alerts: [
            Style(foreground: .rgb(0x09, 0x69, 0xda)), Style(foreground: .rgb(0x1a, 0x7f, 0x37)),
            Style(foreground: .rgb(0x82, 0x50, 0xdf)), Style(foreground: .rgb(0x9a, 0x67, 0x00)),
            Style(foreground: .rgb(0xd1, 0x24, 0x2f)),
        ],
        keyboard: Style(foreground: .rgb(0x1c, 0x1c, 0x1c), background: .rgb(0xe4, 0xe4, 0xe4), bold: true),
        highlight: Style(foreground: .rgb(0x1c, 0x1c, 0x1c), background: .rgb(0xff, 0xf1, 0x76)),
        badgeLabel: Style(foreground: .rgb(0xff, 0xff, 0xff), background: .rgb(0x55, 0x55, 0x55)),
        syntax: lightSyntax
    )
}
