import FoundationEssentials

/// The corpus of formulas language models write (Corpus/llm-formulas.txt), read from the source tree.
enum MathCorpus {
    static let formulas: [String] = {
        let path = String(#filePath.dropLast("MathCorpus.swift".count)) + "Corpus/llm-formulas.txt"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }()
}
