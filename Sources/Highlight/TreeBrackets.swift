import CTreeSitter

/// The brackets a parse of a growing code block leaves open at the end of its code, read from the
/// parse tree itself, and the text that closes them.
///
/// A block that streams is mostly cut off inside brackets: a class's `{`, a function's body, a call
/// spread over lines. tree-sitter's error recovery at such an end costs a growing block's highlight
/// more than the code it parses (a third of its time in C or JavaScript), and in some grammars it
/// gives up on the construct altogether (Rust reads `fn main() {` as an error, `main` plain, until the
/// function closes). Closed for the parse, they read as they will once they close. The grammar's own
/// tokens say which brackets are open, so nothing here knows a language: a regular expression or a raw
/// string holding a bracket is a token of its own, not a bracket. The next highlight appends the
/// closers of the last one's end, updated for the brackets its new lines open and close, counted
/// byte by byte: a guess (a bracket in a string counts too), which the tree of that parse corrects for
/// the next. A closer too many costs little (an error after the code), one too few a recovery.
enum TreeBrackets {
    /// `closers` (innermost first) with the brackets `text` opens added and those it closes removed.
    static func closers(_ closers: [UInt8], after text: Slice<UnsafeBufferPointer<UInt8>>) -> [UInt8] {
        var stack = Array(closers.reversed())
        for byte in text {
            switch byte {
            case UInt8(ascii: "("): stack.append(UInt8(ascii: ")"))
            case UInt8(ascii: "["): stack.append(UInt8(ascii: "]"))
            case UInt8(ascii: "{"): stack.append(UInt8(ascii: "}"))
            case let closer where closer == stack.last: stack.removeLast()
            default: break
            }
        }
        return stack.reversed()
    }

    /// The closers of the brackets (`(`, `[`, `{`) left open before byte `end` of the text parsed into
    /// `tree`, innermost first: on the way from the root to the last token before `end`, each node's
    /// openers among its children that no later child before `end` closes (a closer that error
    /// recovery inserted, `MISSING`, closes nothing).
    static func closers(in tree: OpaquePointer, before end: UInt32) -> [UInt8] {
        var closers: [UInt8] = []
        var node = ts_tree_root_node(tree)
        var cursor = ts_tree_cursor_new(node)
        defer { ts_tree_cursor_delete(&cursor) }
        while true {
            var open: [UInt8] = []
            var last: TSNode?
            ts_tree_cursor_reset(&cursor, node)
            if ts_tree_cursor_goto_first_child(&cursor) {
                repeat {
                    let child = ts_tree_cursor_current_node(&cursor)
                    guard ts_node_start_byte(child) < end else { break }
                    last = child
                    guard !ts_node_is_named(child), !ts_node_is_missing(child), let type = ts_node_type(child),
                        type[0] != 0, type[1] == 0
                    else { continue }
                    switch UInt8(bitPattern: type[0]) {
                    case UInt8(ascii: "("): open.append(UInt8(ascii: ")"))
                    case UInt8(ascii: "["): open.append(UInt8(ascii: "]"))
                    case UInt8(ascii: "{"): open.append(UInt8(ascii: "}"))
                    case let closer where closer == open.last: open.removeLast()
                    default: break
                    }
                } while ts_tree_cursor_goto_next_sibling(&cursor)
            }
            closers = open.reversed() + closers
            guard let last, ts_node_child_count(last) > 0 else { return closers }
            node = last
        }
    }
}
