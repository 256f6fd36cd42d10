import CTreeSitter
import Glibc

/// A grammar's `TSLanguage`, resolved from a shared library that stays loaded for the process
/// (the language pointer lives inside it, so it is never closed).
///
/// `@unchecked` because `OpaquePointer` is not `Sendable`: the `TSLanguage` it points to is immutable
/// data that libtree-sitter reads from any number of parsers on any thread.
package struct GrammarLibrary: @unchecked Sendable {
    /// The ABI versions libtree-sitter can read, from its own header.
    package static let supportedABI: ClosedRange<UInt32> =
        UInt32(TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION)...UInt32(TREE_SITTER_LANGUAGE_VERSION)

    package let path: String
    package let language: OpaquePointer
    package let abi: UInt32

    /// Opens `path`, resolves `symbol` and checks the ABI.
    package static func load(path: String, symbol: String) throws(HighlightError) -> GrammarLibrary {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "dlopen failed"
            throw .unloadableGrammar(path: path, reason: reason)
        }
        guard let entry = dlsym(handle, symbol) else {
            dlclose(handle)
            throw .missingSymbol(path: path, symbol: symbol)
        }
        typealias LanguageFunction = @convention(c) () -> OpaquePointer?
        let function = unsafeBitCast(entry, to: LanguageFunction.self)
        guard let language = function() else {
            dlclose(handle)
            throw .unloadableGrammar(path: path, reason: "\(symbol)() returned NULL")
        }
        let abi = ts_language_version(language)
        guard supportedABI.contains(abi) else {
            dlclose(handle)
            throw .incompatibleABI(path: path, version: abi, supported: supportedABI)
        }
        return GrammarLibrary(path: path, language: language, abi: abi)
    }
}
