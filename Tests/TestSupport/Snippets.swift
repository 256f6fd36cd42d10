import FoundationEssentials

/// The realistic snippet kept for each language in `Tests/Snippets/<id>.<extension>` and the number of
/// distinct styles each must get (`Tests/Snippets/expected-styles.txt`): the highlighting tests hold
/// every language to them, and the query-engine oracle runs every installed query over them.
public enum Snippets {
    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Snippets")

    /// The snippet of each language id (the part of the file name before its first dot); languages
    /// without a file use their `languageSamples` code.
    public static let code: [String: String] = {
        var result: [String: String] = [:]
        for sample in languageSamples { result[sample.language] = sample.code }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where !name.hasPrefix(".") && name != expectationsFile {
            guard let id = name.split(separator: ".").first,
                let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
            else { continue }
            result[String(id)] = String(decoding: data, as: UTF8.self)
        }
        return result
    }()

    static let expectationsFile = "expected-styles.txt"

    /// The distinct styles each language's snippet must get, from `expected-styles.txt` (`id count` lines).
    public static let expectedStyles: [String: Int] = {
        let path = directory.appendingPathComponent(expectationsFile).path
        let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        var result: [String: Int] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let count = Int(fields[1]) { result[String(fields[0])] = count }
        }
        return result
    }()
}

/// The languages whose grammar the installer could not build on this machine (it lists them in
/// `<grammars>/.not-built`): a test that needs one of them skips; any other missing grammar fails.
public enum UnbuiltGrammars {
    public static func contains(_ id: String, searchedDirectories: [String]) -> Bool {
        searchedDirectories.contains { directory in
            let path = URL(fileURLWithPath: directory).appendingPathComponent(".not-built").path
            guard let data = FileManager.default.contents(atPath: path) else { return false }
            return String(decoding: data, as: UTF8.self).split(separator: "\n").contains { $0 == id }
        }
    }
}
