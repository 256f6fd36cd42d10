import Testing

@testable import MarkdownCore

/// Looking up generated tables by binary search over their sorted text.
@Suite struct SortedTextTableTests {
    private let table = SortedTextTable("# # N\nA α X\nAB β Y\nb γ Z")

    @Test func everyLineIsFoundByItsKey() {
        #expect(table.values(for: "#") == ["#", "N"])
        #expect(table.values(for: "A") == ["α", "X"])
        #expect(table.values(for: "AB") == ["β", "Y"])
        #expect(table.values(for: "b") == ["γ", "Z"])
    }

    @Test func aKeyThatIsOnlyAPrefixOrAbsentIsNotFound() {
        for key in ["", "B", "ABC", "a", "c", " ", "A B"] { #expect(table.values(for: key) == nil, "\(key)") }
    }

    @Test func aKeyOfTwoFieldsIsComparedWhole() {
        let fonts = SortedTextTable("mathbb A 𝔸\nmathbb B 𝔹\nmathcal A 𝒜", keyFields: 2)
        #expect(fonts.values(for: "mathbb B") == ["𝔹"])
        #expect(fonts.values(for: "mathcal A") == ["𝒜"])
        #expect(fonts.values(for: "mathbb C") == nil)
        #expect(fonts.values(for: "mathbb") == nil)
    }

    @Test func theGeneratedTablesAreSortedAsTheSearchNeeds() {
        for (text, fields) in [
            (MathSymbolTable.commands, 1), (MathSymbolTable.alphabets, 2), (MathSymbolTable.classes, 1),
        ] {
            let keys = text.split(separator: "\n").map {
                Array($0.split(separator: " ").prefix(fields).joined(separator: " ").utf8)
            }
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
        }
    }
}
