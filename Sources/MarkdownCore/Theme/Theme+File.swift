extension Theme {
    /// A theme with every style plain: what theme files are laid over.
    static let blank = Theme(
        headings: Array(repeating: .plain, count: 6), emphasis: .plain, strong: .plain, strikethrough: .plain,
        inlineCode: .plain, link: .plain, linkURL: .plain, imagePlaceholder: .plain, quoteBar: .plain,
        listMarker: .plain, taskChecked: .plain, taskUnchecked: .plain, codeBlock: .plain, codeFrame: .plain,
        codeLabel: .plain, tableBorder: .plain, tableHeader: .plain, thematicBreak: .plain, html: .plain,
        frontMatter: .plain, footnoteReference: .plain, footnoteHeading: .plain, controlPicture: .plain,
        syntax: [:])

    /// Every style a theme file may set, by its name there, in the theme's order.
    static let styleNames = [
        "heading1", "heading2", "heading3", "heading4", "heading5", "heading6",
        "emphasis", "strong", "strikethrough", "inlineCode", "link", "linkURL",
        "imagePlaceholder", "quoteBar", "listMarker", "taskChecked", "taskUnchecked", "codeBlock",
        "codeFrame", "codeLabel", "tableBorder", "tableHeader", "thematicBreak", "html",
        "frontMatter", "footnoteReference", "footnoteHeading", "controlPicture",
        "alertNote", "alertTip", "alertImportant", "alertWarning", "alertCaution", "keyboard", "highlight",
        "badgeLabel", "mathVariable", "mathNumber", "mathSymbol", "mathFunction", "mathText", "mathStructure",
        "diagramBorder", "diagramText", "diagramEdge", "diagramLabel", "diagramFrame",
    ]

    /// Sets the style a theme file calls `name`; false for a name no theme has. A switch rather than
    /// a table of key paths, which cost start-up more than building the whole theme.
    @discardableResult
    mutating func setStyle(_ style: Style, named name: String) -> Bool {
        switch name {
        case "heading1": headings[0] = style
        case "heading2": headings[1] = style
        case "heading3": headings[2] = style
        case "heading4": headings[3] = style
        case "heading5": headings[4] = style
        case "heading6": headings[5] = style
        case "emphasis": emphasis = style
        case "strong": strong = style
        case "strikethrough": strikethrough = style
        case "inlineCode": inlineCode = style
        case "link": link = style
        case "linkURL": linkURL = style
        case "imagePlaceholder": imagePlaceholder = style
        case "quoteBar": quoteBar = style
        case "listMarker": listMarker = style
        case "taskChecked": taskChecked = style
        case "taskUnchecked": taskUnchecked = style
        case "codeBlock": codeBlock = style
        case "codeFrame": codeFrame = style
        case "codeLabel": codeLabel = style
        case "tableBorder": tableBorder = style
        case "tableHeader": tableHeader = style
        case "thematicBreak": thematicBreak = style
        case "html": html = style
        case "frontMatter": frontMatter = style
        case "footnoteReference": footnoteReference = style
        case "footnoteHeading": footnoteHeading = style
        case "controlPicture": controlPicture = style
        case "alertNote": alerts[0] = style
        case "alertTip": alerts[1] = style
        case "alertImportant": alerts[2] = style
        case "alertWarning": alerts[3] = style
        case "alertCaution": alerts[4] = style
        case "keyboard": keyboard = style
        case "highlight": highlight = style
        case "badgeLabel": badgeLabel = style
        case "mathVariable": mathVariable = style
        case "mathNumber": mathNumber = style
        case "mathSymbol": mathSymbol = style
        case "mathFunction": mathFunction = style
        case "mathText": mathText = style
        case "mathStructure": mathStructure = style
        case "diagramBorder": diagramBorder = style
        case "diagramText": diagramText = style
        case "diagramEdge": diagramEdge = style
        case "diagramLabel": diagramLabel = style
        case "diagramFrame": diagramFrame = style
        default: return false
        }
        return true
    }

    /// The style a theme file calls `name`.
    func style(named name: String) -> Style? {
        switch name {
        case "heading1": return headings[0]
        case "heading2": return headings[1]
        case "heading3": return headings[2]
        case "heading4": return headings[3]
        case "heading5": return headings[4]
        case "heading6": return headings[5]
        case "emphasis": return emphasis
        case "strong": return strong
        case "strikethrough": return strikethrough
        case "inlineCode": return inlineCode
        case "link": return link
        case "linkURL": return linkURL
        case "imagePlaceholder": return imagePlaceholder
        case "quoteBar": return quoteBar
        case "listMarker": return listMarker
        case "taskChecked": return taskChecked
        case "taskUnchecked": return taskUnchecked
        case "codeBlock": return codeBlock
        case "codeFrame": return codeFrame
        case "codeLabel": return codeLabel
        case "tableBorder": return tableBorder
        case "tableHeader": return tableHeader
        case "thematicBreak": return thematicBreak
        case "html": return html
        case "frontMatter": return frontMatter
        case "footnoteReference": return footnoteReference
        case "footnoteHeading": return footnoteHeading
        case "controlPicture": return controlPicture
        case "alertNote": return alerts[0]
        case "alertTip": return alerts[1]
        case "alertImportant": return alerts[2]
        case "alertWarning": return alerts[3]
        case "alertCaution": return alerts[4]
        case "keyboard": return keyboard
        case "highlight": return highlight
        case "badgeLabel": return badgeLabel
        case "mathVariable": return mathVariable
        case "mathNumber": return mathNumber
        case "mathSymbol": return mathSymbol
        case "mathFunction": return mathFunction
        case "mathText": return mathText
        case "mathStructure": return mathStructure
        case "diagramBorder": return diagramBorder
        case "diagramText": return diagramText
        case "diagramEdge": return diagramEdge
        case "diagramLabel": return diagramLabel
        case "diagramFrame": return diagramFrame
        default: return nil
        }
    }

    /// The theme a file describes (already merged with its base): its styles over plain ones, its syntax
    /// colours with their capture aliases.
    init(file: ThemeFile) {
        self = .blank
        background = file.background ?? .dark
        for (name, style) in file.styles {
            setStyle(style.style, named: name)
        }
        syntax = Self.withCaptureAliases(file.syntax.mapValues(\.style))
    }
}
