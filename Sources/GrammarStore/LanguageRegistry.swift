import MarkdownCore
import Synchronization

/// Loads each language the first time a block needs it and remembers the outcome for the process.
///
/// Every language has its own slot and lock, so two threads asking for the same language load it
/// once (the second waits and reuses the result) while different languages load in parallel. A
/// failed load is remembered too: a missing grammar is searched for once, not once per block.
/// Creating a registry touches no file and starts no thread.
public final class LanguageRegistry: Sendable {
    /// What loading a language came to.
    package enum Outcome {
        case loaded(LoadedLanguage)
        case failed(HighlightError)
    }

    private final class Slot: Sendable {
        let state = Mutex<Outcome?>(nil)
    }

    public let searchPath: GrammarSearchPath
    /// Where a loaded language's query is read while its first block is parsed.
    private let background: BackgroundWork
    private let slots: [String: Slot]
    /// Where compiled queries are kept between processes (none: every process reads its queries).
    private let queryCache: CompiledQueryCache?

    /// - Parameters:
    ///   - background: the executor that reads queries ahead of need.
    ///   - queryCache: where compiled queries are kept between processes, if anywhere.
    public init(
        searchPath: GrammarSearchPath, background: BackgroundWork = BackgroundWork(),
        queryCache: CompiledQueryCache? = nil
    ) {
        self.searchPath = searchPath
        self.background = background
        self.queryCache = queryCache
        var slots: [String: Slot] = [:]
        for language in LanguageCatalog.all { slots[language.id] = Slot() }
        self.slots = slots
    }

    /// The loaded language for an alias, loading it on first use.
    package func language(forAlias alias: String) -> Result<LoadedLanguage, HighlightError> {
        guard let descriptor = LanguageCatalog.language(forAlias: alias) else {
            return .failure(.unknownLanguage(alias))
        }
        switch outcome(for: descriptor) {
        case .loaded(let language): return .success(language)
        case .failed(let error): return .failure(error)
        }
    }

    /// The outcome for a language, loading it if no thread has yet.
    package func outcome(for descriptor: LanguageDescriptor) -> Outcome {
        guard let slot = slots[descriptor.id] else { return .failed(.unknownLanguage(descriptor.id)) }
        return slot.state.withLock { state in
            if let outcome = state { return outcome }
            let outcome = load(descriptor)
            state = outcome
            return outcome
        }
    }

    /// The outcome if the language was already asked for, without loading it.
    package func existingOutcome(for descriptor: LanguageDescriptor) -> Outcome? {
        guard let slot = slots[descriptor.id] else { return nil }
        return slot.state.withLock { $0 }
    }

    private func load(_ descriptor: LanguageDescriptor) -> Outcome {
        let locator = GrammarLocator(searchPath: searchPath)
        let candidates = locator.candidates(for: descriptor)
        guard !candidates.isEmpty else {
            return .failed(.grammarNotFound(language: descriptor.id, searched: locator.directories().map(\.directory)))
        }
        // The first candidate that loads wins; a later one is tried only if an earlier one fails
        // (another tool's grammar of the wrong ABI does not hide a good one further down the path).
        var firstError: HighlightError?
        for candidate in candidates {
            do {
                return .loaded(try load(descriptor, from: candidate))
            } catch {
                firstError = firstError ?? error
            }
        }
        return .failed(firstError ?? .grammarNotFound(language: descriptor.id, searched: []))
    }

    private func load(_ descriptor: LanguageDescriptor, from candidate: GrammarCandidate) throws(HighlightError)
        -> LoadedLanguage
    {
        let grammar = try GrammarLibrary.load(path: candidate.library, symbol: descriptor.symbol)
        guard let queryPath = candidate.query else {
            throw .unusableQuery(path: "\(candidate.library) (no highlights.scm beside it)", reason: "not found")
        }
        guard let data = try? FileReader.read(path: queryPath, regularFilesOnly: true) else {
            throw .unusableQuery(path: queryPath, reason: "cannot be read")
        }
        return LoadedLanguage(
            descriptor: descriptor, grammar: grammar, querySource: data, queryPath: queryPath, layout: candidate.layout,
            background: background, queryCache: queryCache)
    }
}
