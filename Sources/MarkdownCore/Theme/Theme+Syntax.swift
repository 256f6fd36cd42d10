extension Theme {
    /// `base` plus every alias whose target it colours.
    static func withCaptureAliases(_ base: [String: Style]) -> [String: Style] {
        var result = base
        for (alias, target) in captureAliases where result[alias] == nil {
            if let style = base[target] { result[alias] = style }
        }
        return result
    }
}
