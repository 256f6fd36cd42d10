import CTreeSitter

@testable import Highlight

extension LoadedLanguage {
    /// Whether `code` parses without an error node; nil when parsing fails outright. Lets the tests
    /// verify that every installed grammar really parses its language.
    func parsesCleanly(_ code: String) -> Bool? {
        guard let parser = ts_parser_new() else { return nil }
        defer { ts_parser_delete(parser) }
        guard ts_parser_set_language(parser, grammar.language) else { return nil }
        let bytes = Array(code.utf8)
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    ts_parser_parse_string(parser, nil, $0, UInt32(buffer.count))
                }
            }
        }
        guard let tree = parsed else { return nil }
        defer { ts_tree_delete(tree) }
        return !ts_node_has_error(ts_tree_root_node(tree))
    }
}
