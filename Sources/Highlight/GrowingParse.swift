import CTreeSitter
import Synchronization

/// The last tree parsed, kept so that a block that grows (streaming appends lines to an open code
/// fence, and each redraw highlights it again) is parsed incrementally: when the next block of the same
/// language extends that code, a copy of the tree is edited (`ts_tree_edit`) and the new code parsed
/// with it as the old tree, so tree-sitter reuses what did not change instead of parsing it all again.
final class GrowingParse: Sendable {
    /// A tree and the code it was parsed from. `@unchecked` because a `TSTree` pointer is not
    /// `Sendable`: the entry is only touched under `last`'s lock, and trees handed out are copies
    /// (`ts_tree_copy`, whose reference count is atomic) owned by the caller.
    private struct Entry: @unchecked Sendable {
        var language: String
        var code: [UInt8]
        var tree: OpaquePointer
    }

    private let last = Mutex<Entry?>(nil)

    deinit {
        last.withLock { entry in
            if let tree = entry?.tree { ts_tree_delete(tree) }
        }
    }

    /// A copy of the kept tree edited to `code`'s length when `code` extends the kept code, else nil.
    /// The caller deletes it.
    func oldTree(language: String, code: [UInt8]) -> OpaquePointer? {
        last.withLock { entry -> OpaquePointer? in
            guard let entry, entry.language == language, code.count > entry.code.count,
                code.starts(with: entry.code), let copy = ts_tree_copy(entry.tree)
            else { return nil }
            let start = Self.point(after: entry.code)
            var edit = TSInputEdit(
                start_byte: UInt32(entry.code.count), old_end_byte: UInt32(entry.code.count),
                new_end_byte: UInt32(code.count), start_point: start, old_end_point: start,
                new_end_point: Self.point(after: code))
            ts_tree_edit(copy, &edit)
            return copy
        }
    }

    /// Keeps a copy of `tree`, parsed from `code`, for the next block.
    func keep(language: String, code: [UInt8], tree: OpaquePointer) {
        guard let copy = ts_tree_copy(tree) else { return }
        let previous = last.withLock { entry -> OpaquePointer? in
            let previous = entry?.tree
            entry = Entry(language: language, code: code, tree: copy)
            return previous
        }
        if let previous { ts_tree_delete(previous) }
    }

    /// The row and byte column at the end of `code`.
    private static func point(after code: [UInt8]) -> TSPoint {
        var row: UInt32 = 0
        var lineStart = 0
        for (index, byte) in code.enumerated() where byte == 0x0A {
            row += 1
            lineStart = index + 1
        }
        return TSPoint(row: row, column: UInt32(code.count - lineStart))
    }
}
