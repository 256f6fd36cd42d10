extension Theme {
    /// Syntax colours for dark backgrounds, keyed by tree-sitter capture name.
    static let darkSyntax: [String: Style] = withCaptureAliases([
        "keyword": Style(foreground: .rgb(0xc6, 0x78, 0xdd)),
        "string": Style(foreground: .rgb(0x98, 0xc3, 0x79)),
        "comment": Style(foreground: .rgb(0x7f, 0x84, 0x8e), italic: true),
        "number": Style(foreground: .rgb(0xd1, 0x9a, 0x66)),
        "function": Style(foreground: .rgb(0x61, 0xaf, 0xef)),
        "type": Style(foreground: .rgb(0xe5, 0xc0, 0x7b)),
        "constant": Style(foreground: .rgb(0xd1, 0x9a, 0x66)),
        "variable.builtin": Style(foreground: .rgb(0xe0, 0x6c, 0x75)),
        "property": Style(foreground: .rgb(0xe0, 0x6c, 0x75)),
        "operator": Style(foreground: .rgb(0x56, 0xb6, 0xc2)),
        "punctuation": Style(foreground: .rgb(0xab, 0xb2, 0xbf)),
        "tag": Style(foreground: .rgb(0xe0, 0x6c, 0x75)),
        "attribute": Style(foreground: .rgb(0xd1, 0x9a, 0x66)),
        "escape": Style(foreground: .rgb(0x56, 0xb6, 0xc2)),
        "module": Style(foreground: .rgb(0xe5, 0xc0, 0x7b)),
        "label": Style(foreground: .rgb(0xe0, 0x6c, 0x75)),
    ])

    /// Syntax colours for light backgrounds, keyed by tree-sitter capture name.
    static let lightSyntax: [String: Style] = withCaptureAliases([
        "keyword": Style(foreground: .rgb(0xa6, 0x26, 0xa4)),
        "string": Style(foreground: .rgb(0x50, 0xa1, 0x4f)),
        "comment": Style(foreground: .rgb(0xa0, 0xa1, 0xa7), italic: true),
        "number": Style(foreground: .rgb(0x98, 0x68, 0x01)),
        "function": Style(foreground: .rgb(0x40, 0x78, 0xf2)),
        "type": Style(foreground: .rgb(0xc1, 0x84, 0x01)),
        "constant": Style(foreground: .rgb(0x98, 0x68, 0x01)),
        "variable.builtin": Style(foreground: .rgb(0xe4, 0x56, 0x49)),
        "property": Style(foreground: .rgb(0xe4, 0x56, 0x49)),
        "operator": Style(foreground: .rgb(0x01, 0x84, 0xbc)),
        "punctuation": Style(foreground: .rgb(0x38, 0x3a, 0x42)),
        "tag": Style(foreground: .rgb(0xe4, 0x56, 0x49)),
        "attribute": Style(foreground: .rgb(0x98, 0x68, 0x01)),
        "escape": Style(foreground: .rgb(0x01, 0x84, 0xbc)),
        "module": Style(foreground: .rgb(0xc1, 0x84, 0x01)),
        "label": Style(foreground: .rgb(0xe4, 0x56, 0x49)),
    ])

    /// Capture names that grammars' queries use for the same idea under another name (older
    /// nvim-treesitter names, textual's, per-language ones), each coloured like the capture it means.
    static let captureAliases: [String: String] = [
        "constant.builtin": "constant", "constant.macro": "constant", "boolean": "constant",
        "float": "number", "character": "string", "json.null": "constant",
        "constructor": "type", "type.builtin": "type", "toml.type": "type", "namespace": "module",
        "function.builtin": "function", "function.macro": "function", "function.call": "function",
        "method": "function", "method.call": "function",
        "conditional": "keyword", "repeat": "keyword", "include": "keyword", "import": "keyword",
        "exception": "keyword", "storageclass": "keyword", "preproc": "keyword",
        "string.special": "escape", "string.escape": "escape", "string.regex": "escape",
        "punctuation.special": "escape",
        "field": "property", "json.label": "property",
        "delimiter": "punctuation", "tag.delimiter": "punctuation",
        "tag.attribute": "attribute",
    ]

    /// `base` plus every alias whose target it colours.
    static func withCaptureAliases(_ base: [String: Style]) -> [String: Style] {
        var result = base
        for (alias, target) in captureAliases where result[alias] == nil {
            if let style = base[target] { result[alias] = style }
        }
        return result
    }
}
