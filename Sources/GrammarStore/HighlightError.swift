/// Why a code block could not be highlighted. Every case carries what a user needs to fix it; the
/// block itself always falls back to plain text.
public enum HighlightError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The info string's first word names no language this build knows.
    case unknownLanguage(String)
    /// No grammar library for the language in any directory of the search path.
    case grammarNotFound(language: String, searched: [String])
    /// `dlopen` refused the library (not a shared object, missing dependency, wrong architecture).
    case unloadableGrammar(path: String, reason: String)
    /// The library lacks the `tree_sitter_<name>` entry point.
    case missingSymbol(path: String, symbol: String)
    /// The grammar was generated for an ABI the tree-sitter runtime cannot read.
    case incompatibleABI(path: String, version: UInt32, supported: ClosedRange<UInt32>)
    /// The highlight query is missing, unreadable, empty, or none of its patterns fits the grammar.
    case unusableQuery(path: String, reason: String)
    /// Parsing (or querying) took longer than the time-out; the block is left plain.
    case timedOut(language: String, bytes: Int, milliseconds: Int)

    /// `highlight: <reason>`, as `--list-languages` shows it.
    public var description: String { "highlight: \(reason)" }

    /// What went wrong and, where the user can do something, what to do.
    public var reason: String {
        switch self {
        case .unknownLanguage(let name):
            return "unknown language '\(name)' (see --list-languages)"
        case .grammarNotFound(let language, let searched):
            let dirs = searched.isEmpty ? "no directories" : searched.joined(separator: ", ")
            return "no grammar for \(language) in \(dirs) (run scripts/install-grammars.sh)"
        case .unloadableGrammar(let path, let reason):
            return "cannot load \(path): \(reason)"
        case .missingSymbol(let path, let symbol):
            return "\(path) does not export \(symbol)"
        case .incompatibleABI(let path, let version, let supported):
            return "\(path) has grammar ABI \(version); this tree-sitter runtime reads "
                + "\(supported.lowerBound)–\(supported.upperBound)"
        case .unusableQuery(let path, let reason):
            return "highlight query \(path): \(reason)"
        case .timedOut(let language, let bytes, let milliseconds):
            return
                "\(language) block of \(bytes) bytes not highlighted within \(milliseconds) ms of CPU time; shown plain"
        }
    }
}
