import CTreeSitter
import Glibc

/// A grammar's node types and fields, indexed for matching queries.
///
/// A query names a node type by its name and by whether it is named (`(identifier)`) or anonymous
/// (`"def"`); a grammar can have several symbol ids with one name (aliases), so each (name, named)
/// pair gets one key and every symbol id maps to its key. Built once per grammar, shared by its query
/// (`CompiledQuery`) and every tree copied for matching (`FlatTree`).
///
/// `@unchecked` because its pointers are not `Sendable`: the `TSLanguage` is immutable data inside the
/// grammar library, which stays loaded for the process, and the key table is filled in `init` and only
/// read afterwards.
public final class GrammarSymbols: @unchecked Sendable {
    let language: OpaquePointer
    /// Key of each symbol id; -1 for a hidden symbol no query can name. A plain buffer, so that
    /// `key(ofSymbol:)` in the matcher's inner loop touches no reference count.
    private let keyBySymbol: UnsafeMutableBufferPointer<Int32>
    /// Keys of named and of anonymous node types, by name. Keyed by `String`, whose hashing every process
    /// has set up already: a key type of its own cost a fresh process more to set up than filling it.
    private let namedKeys: [String: Int32]
    private let anonymousKeys: [String: Int32]
    /// Key of the error node (`ERROR`), whose symbol id lies outside the table.
    let errorKey: Int32
    private let symbolCount: Int
    /// Whether each key is a named node type.
    private let namedByKey: [Bool]

    /// Indexes the node types and fields of the `TSLanguage` at `language`.
    public init(language: OpaquePointer) {
        self.language = language
        let count = Int(ts_language_symbol_count(language))
        var keyBySymbol = [Int32](repeating: -1, count: count)
        var namedKeys: [String: Int32] = [:]
        var anonymousKeys: [String: Int32] = [:]
        var namedByKey: [Bool] = []
        func key(for name: String, named: Bool) -> Int32 {
            if let existing = named ? namedKeys[name] : anonymousKeys[name] { return existing }
            let new = Int32(namedByKey.count)
            if named { namedKeys[name] = new } else { anonymousKeys[name] = new }
            namedByKey.append(named)
            return new
        }
        for symbol in 0..<count {
            let type = ts_language_symbol_type(language, TSSymbol(symbol))
            guard type != TSSymbolTypeAuxiliary, let pointer = ts_language_symbol_name(language, TSSymbol(symbol))
            else { continue }
            keyBySymbol[symbol] = key(for: String(cString: pointer), named: type == TSSymbolTypeRegular)
        }
        symbolCount = count
        errorKey = key(for: "ERROR", named: true)
        self.keyBySymbol = .allocate(capacity: max(1, count))
        _ = self.keyBySymbol.initialize(from: keyBySymbol)
        self.namedKeys = namedKeys
        self.anonymousKeys = anonymousKeys
        self.namedByKey = namedByKey
    }

    deinit { keyBySymbol.deallocate() }

    /// The key of a node type a query names, or nil when the grammar has no such type.
    func key(name: [UInt8], named: Bool) -> Int32? {
        let text = String(decoding: name, as: UTF8.self)
        return named ? namedKeys[text] : anonymousKeys[text]
    }

    /// The key of a node's type (`ts_node_symbol`, which already resolves aliases).
    @inline(__always)
    func key(ofSymbol symbol: TSSymbol) -> Int32 {
        let index = Int(symbol)
        if index < symbolCount { return keyBySymbol[index] }
        return symbol == TSSymbol(UInt16.max) ? errorKey : -1
    }

    /// The id of a field a query names, or nil when the grammar has no such field.
    func field(name: [UInt8]) -> UInt16? {
        let id = name.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    ts_language_field_id_for_name(language, $0, UInt32(buffer.count))
                }
            } ?? 0
        }
        return id == 0 ? nil : id
    }

    /// How many keys there are (for tables indexed by key).
    var keyCount: Int { namedByKey.count }
}
