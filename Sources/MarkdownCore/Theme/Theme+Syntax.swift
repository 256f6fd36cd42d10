extension Theme {
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
        // Documents (Markdown, reStructuredText, LaTeX, Typst): nvim-treesitter's `markup.*` names and the
        // older `text.*` ones.
        "markup.heading": "keyword", "text.title": "keyword", "markup.raw": "string", "text.literal": "string",
        "markup.link": "function", "text.uri": "function", "text.reference": "function", "markup.list": "operator",
        "markup.quote": "comment", "markup.math": "constant", "text.math": "constant",
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
