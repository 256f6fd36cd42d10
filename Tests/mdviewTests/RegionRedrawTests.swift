import MarkdownCore
import Testing

@testable import mdview

/// The bytes of one live-region redraw (`RegionRedraw`), written as plain text: what is rewritten, how
/// the cursor moves (back to the region's top, saved with `ESC 7`), and that nothing erases the display.
@Suite struct RegionRedrawTests {
    static var redraw: RegionRedraw {
        RegionRedraw(bytes: { lines in
            var out: [UInt8] = []
            TerminalWriter(colorDepth: .none, hyperlinks: false).write(lines, into: &out)
            return out
        })
    }

    static func lines(_ texts: String...) -> [StyledLine] {
        texts.map { StyledLine([Span($0)]) }
    }

    static func plan(_ drawn: [StyledLine], _ wanted: [StyledLine], park: Int = 0) -> String {
        String(decoding: redraw.plan(from: drawn, to: wanted, park: park, saved: .top).bytes, as: UTF8.self)
    }

    @Test func rowsThatStayTheSameAreNotWrittenAgain() {
        let rows = Self.lines("first row", "second row", "third row")
        #expect(Self.plan(rows, rows).isEmpty)
    }

    @Test func aRowThatGrowsGetsOnlyItsNewCells() {
        let bytes = Self.plan(Self.lines("one", "two words"), Self.lines("one", "two words and more"))
        #expect(bytes == "\n\u{1B}[9C and more\u{1B}8")
    }

    @Test func aRowOfOneWidthGetsOnlyTheCellsThatChanged() {
        #expect(Self.plan(Self.lines("│ ab │  1 │"), Self.lines("│ abc│  1 │")) == "\u{1B}[4Cc\u{1B}8")
    }

    @Test func aRowWhoseEndMovedRightGetsCellsInsertedWhereItMovedAndOnlyTheNewCellWritten() {
        // A table's first column widened: the rest of the row moves, it is not written again.
        #expect(Self.plan(Self.lines("│ ab │ 12 │"), Self.lines("│ abc │ 12 │")) == "\u{1B}[4C\u{1B}[1@c\u{1B}8")
    }

    @Test func aRowWhoseEndMovedLeftGetsCellsDeletedWhereItMoved() {
        #expect(Self.plan(Self.lines("│ abc │ 12 │"), Self.lines("│ ab │ 12 │")) == "\u{1B}[4C\u{1B}[1P\u{1B}8")
    }

    @Test func aRowThatGotShorterIsErasedAfterItsLastCell() {
        #expect(Self.plan(Self.lines("a b"), Self.lines("a  ")) == "\u{1B}[1C\u{1B}[K\u{1B}8")
    }

    @Test func aRowWithACharacterOfUncertainWidthIsWrittenWhole() {
        // Terminals disagree on the width of an emoji with its presentation selector: no cursor is moved over it.
        #expect(Self.plan(Self.lines("│ [!WARNING]"), Self.lines("│ ⚠️ Warning")) == "\u{1B}[K│ ⚠️ Warning\u{1B}8")
    }

    @Test func aSpaceThatEndsThePieceIsWrittenWithTheCellAfterIt() {
        // The writer leaves out trailing spaces: the piece goes on to the next cell it writes.
        #expect(Self.plan(Self.lines("ab|c"), Self.lines("a |c")) == "\u{1B}[1C |\u{1B}8")
    }

    @Test func rowsThatMovedDownGetBlankRowsInsertedAtTheTopWhenTheRegionFillsTheScreen() {
        let drawn = Self.lines("b", "c", "d")
        let bytes = String(
            decoding: Self.redraw.plan(
                from: drawn, to: Self.lines("a", "b", "c"), park: 0, saved: .top, screenRows: 4
            ).bytes, as: UTF8.self)
        #expect(bytes == "\u{1B}[1La\r\u{1B}[3B\u{1B}[2K\u{1B}8")
    }

    @Test func rowsThatMovedDownAreNotInsertedAtTheTopWhenTheyWouldEndOnTheScreensLastRow() {
        // The cursor ends on the row below the region: inserted, the rows would leave it none.
        let planned = Self.redraw.plan(
            from: Self.lines("b", "c", "d"), to: Self.lines("a", "b", "c", "d"), park: 1, saved: .top, screenRows: 4)
        #expect(!String(decoding: planned.bytes, as: UTF8.self).contains("L"))
    }

    @Test func rowsThatMovedUpAreDeletedAtTheTopInsteadOfRewritten() {
        let drawn = Self.lines("a", "b", "c", "d")
        let bytes = Self.plan(drawn, Self.lines("c", "d", "e"))
        #expect(bytes == "\u{1B}[2M\u{1B}[2Be\n\u{1B}[3A\u{1B}7")
    }

    @Test func aRowThatCameInAboveRowsThatStayGetsABlankRowInsertedThereWhenTheScreenHasRoom() {
        // A table's new row above its bottom border: the border moves down, it is not written again.
        let drawn = Self.lines("┌──┐", "│ a│", "└──┘")
        let wanted = Self.lines("┌──┐", "│ a│", "│ b│", "└──┘")
        let planned = Self.redraw.plan(from: drawn, to: wanted, park: 0, saved: .top, screenRows: 5)
        #expect(String(decoding: planned.bytes, as: UTF8.self) == "\u{1B}[2B\u{1B}[1L│ b│\u{1B}8")
    }

    @Test func aRowThatCameInAboveRowsThatStayGetsTheScreenRowsItNeedsFirstWhereTheRegionIsOnTheScreenIsUnknown() {
        // The region may end on the screen's last row: line feeds below it make the rows the border moves
        // into and the one below (scrolling the screen if they must), so the insertion pushes only blank
        // rows off the bottom.
        let drawn = Self.lines("┌────┐", "│ a  │", "└────┘")
        let wanted = Self.lines("┌────┐", "│ a  │", "│ b  │", "│ c  │", "└────┘")
        let planned = Self.redraw.plan(from: drawn, to: wanted, park: 0, saved: .top, screenHeight: 10)
        #expect(
            String(decoding: planned.bytes, as: UTF8.self)
                == "\u{1B}[3B\n\n\u{1B}[3A\u{1B}[2L│ b  │\r\n│ c  │\r\u{1B}[3A\u{1B}7")
    }

    @Test func aLineShownBelowATableBeforeItReadAsTheTablesNextRowIsDeletedAndTheBorderMovesDown() {
        let drawn = Self.lines("┌────┐", "│ a  │", "└────┘", "", "|")
        let wanted = Self.lines("┌────┐", "│ a  │", "│ b  │", "└────┘")
        let planned = Self.redraw.plan(from: drawn, to: wanted, park: 0, saved: .top, screenHeight: 10)
        #expect(String(decoding: planned.bytes, as: UTF8.self) == "\u{1B}[3B\u{1B}[2M\u{1B}[1A\u{1B}[1L│ b  │\u{1B}8")
    }

    @Test func rowsThatCameInAboveRowsThatStayAreWrittenWithLineFeedsWhenTheRegionWouldReachTheScreensLastRow() {
        let drawn = Self.lines("┌────┐", "│ a  │", "└────┘")
        let wanted = Self.lines("┌────┐", "│ a  │", "│ b  │", "└────┘")
        let planned = Self.redraw.plan(from: drawn, to: wanted, park: 0, saved: .top, screenHeight: 4)
        #expect(!String(decoding: planned.bytes, as: UTF8.self).contains("L"))
    }

    /// The bytes (as text) and the saved cursor of a redraw from a cursor saved at `saved`, on a terminal
    /// `columns` wide.
    static func planFrom(
        _ saved: RegionRedraw.SavedCursor, _ drawn: [StyledLine], _ wanted: [StyledLine], columns: Int = 80,
        screenRows: Int? = nil
    ) -> (text: String, saved: RegionRedraw.SavedCursor?) {
        let planned = redraw.plan(
            from: drawn, to: wanted, park: 0, saved: saved, screenRows: screenRows, columns: columns)
        return (String(decoding: planned.bytes, as: UTF8.self), planned.saved)
    }

    @Test func aRedrawThatStopsWritingInARowSavesTheCursorThereBeforeGoingBackToTheTop() {
        let planned = Self.planFrom(.top, Self.lines("one", "two words"), Self.lines("one", "two words and"))
        #expect(planned.text == "\n\u{1B}[9C and\u{1B}7\r\u{1B}[1A")
        #expect(planned.saved == RegionRedraw.SavedCursor(row: 1, column: 13))
    }

    @Test func theNextTokenWhereTheLastRedrawStoppedIsWrittenAfterRestoringTheSavedCursor() {
        let planned = Self.planFrom(
            RegionRedraw.SavedCursor(row: 1, column: 13), Self.lines("one", "two words and"),
            Self.lines("one", "two words and more"))
        #expect(planned.text == "\u{1B}8 more\u{1B}7\r\u{1B}[1A")
        #expect(planned.saved == RegionRedraw.SavedCursor(row: 1, column: 18))
    }

    @Test func aChangeElsewhereMovesFromTheTopAndTheSavedCursorIsUsedOnlyWhereItIs() {
        let planned = Self.planFrom(
            RegionRedraw.SavedCursor(row: 1, column: 13), Self.lines("one", "two words and"),
            Self.lines("one!", "two words and"))
        #expect(planned.text == "\u{1B}[3C!\u{1B}7\r")
        #expect(planned.saved == RegionRedraw.SavedCursor(row: 0, column: 4))
    }

    @Test func aRowThatEndsInTheTerminalsLastColumnLeavesTheCursorSavedAtTheTop() {
        // There the cursor waits to wrap, a state terminals do not agree to save.
        let planned = Self.planFrom(
            .top, Self.lines("one", "two words"), Self.lines("one", "two words and"), columns: 13)
        #expect(planned.text == "\n\u{1B}[9C and\u{1B}8")
        #expect(planned.saved == .top)
    }

    @Test func rowsWrittenBelowMoveTheSavedCursorToTheTopOfTheRegion() {
        // The screen may have scrolled: a cursor saved before is no longer where the region's rows are.
        let planned = Self.planFrom(
            RegionRedraw.SavedCursor(row: 0, column: 3), Self.lines("one"), Self.lines("one", "two"))
        #expect(planned.text == "\ntwo\n\u{1B}[2A\u{1B}7")
        #expect(planned.saved == .top)
    }

    @Test func aRegionThatFillsTheScreenGoesBackToItsTopWithTheCursorHome() {
        let planned = Self.planFrom(
            .top, Self.lines("one", "two words"), Self.lines("one", "two words and"), screenRows: 3)
        #expect(planned.text == "\n\u{1B}[9C and\u{1B}7\u{1B}[H")
    }

    @Test func aSpaceThatStaysBeforeTheNextCellIsWrittenOverRatherThanMovedOver() {
        // A table's cell padded with spaces: the token " b" only changes the cell after the space.
        let planned = Self.planFrom(
            RegionRedraw.SavedCursor(row: 0, column: 3), Self.lines("│ a     │"), Self.lines("│ a b   │"))
        #expect(planned.text == "\u{1B}8 b\u{1B}7\r")
    }

    @Test func rowsLeftOverAreErasedOneByOneNeverTheDisplay() {
        let bytes = Self.plan(Self.lines("a", "b", "c"), Self.lines("a"), park: 1)
        #expect(bytes == "\n\u{1B}[2K\n\u{1B}[2K\u{1B}[1A\u{1B}7")
        #expect(!bytes.contains("\u{1B}[J") && !bytes.contains("\u{1B}[0J") && !bytes.contains("\u{1B}[2J"))
    }

    @Test func finalLinesPushTheRegionDownAndTheCursorWaitsAtItsTop() {
        let bytes = Self.plan(Self.lines("tail"), Self.lines("tail", "next", "new tail"), park: 2)
        #expect(bytes == "\nnext\nnew tail\n\u{1B}[1A\u{1B}7")
    }
}

/// The rendition carried between the pieces a live region writes (`RegionPen`): a token in the style
/// the row ends in costs no style sequence, and nothing that fills cells or saves the cursor runs in it.
@Suite struct RegionPenTests {
    static var redraw: RegionRedraw {
        RegionRedraw(bytes: { lines in
            var out: [UInt8] = []
            TerminalWriter(colorDepth: .ansi16, hyperlinks: false).write(lines, into: &out)
            return out
        })
    }

    static var red: Style {
        var style = Style.plain
        style.foreground = .ansi(1)
        return style
    }

    static func red(_ text: String) -> StyledLine { StyledLine([Span(text, style: red)]) }

    static func plan(_ drawn: StyledLine, _ wanted: StyledLine, park: Int = 0, pen: RegionPen = .plain)
        -> (text: String, pen: RegionPen)
    {
        let planned = redraw.plan(from: [drawn], to: [wanted], park: park, saved: .top, pen: pen)
        return (String(decoding: planned.bytes, as: UTF8.self), planned.pen)
    }

    @Test func aPieceLeavesItsStyleSetAndTheCursorMovesBackInsteadOfRestoringTheSavedOne() {
        let first = Self.plan(Self.red("let x"), Self.red("let x = 1"))
        #expect(first.text == "\u{1B}[5C\u{1B}[31m = 1\r")
        #expect(!first.pen.isPlain)
    }

    @Test func aTokenInTheStyleLeftSetIsWrittenWithoutASequence() {
        let first = Self.plan(Self.red("let x"), Self.red("let x = 1"))
        let second = Self.plan(Self.red("let x = 1"), Self.red("let x = 10;"), pen: first.pen)
        #expect(second.text == "\u{1B}[9C0;\r")
        #expect(second.pen == first.pen)
    }

    static func styled(_ parts: [(String, Style)]) -> StyledLine {
        StyledLine(parts.map { Span($0.0, style: $0.1) })
    }

    @Test func aColourAfterAColourIsSetWithoutAReset() {
        var blue = Style.plain
        blue.foreground = .ansi(4)
        let pen = Self.plan(Self.red("let x"), Self.red("let x = 1")).pen
        let next = Self.plan(
            Self.red("let x = 1"), Self.styled([("let x = 1", Self.red), (" + y", blue)]), pen: pen)
        #expect(next.text == "\u{1B}[9C\u{1B}[34m + y\r")
    }

    @Test func aColourAfterABoldColourStartsFromTheDefaultRendition() {
        var boldRed = Self.red
        boldRed.bold = true
        var blue = Style.plain
        blue.foreground = .ansi(4)
        let first = Self.plan(StyledLine([Span("fn")]), Self.styled([("fn", .plain), (" main", boldRed)]))
        #expect(first.text == "\u{1B}[2C\u{1B}[1;31m main\r")
        let next = Self.plan(
            Self.styled([("fn", .plain), (" main", boldRed)]),
            Self.styled([("fn", .plain), (" main", boldRed), ("()", blue)]), pen: first.pen)
        #expect(next.text == "\u{1B}[7C\u{1B}[0;34m()\r")
    }

    @Test func aPieceInThePlainStyleAfterAColouredOneStartsWithAReset() {
        let pen = Self.plan(Self.red("let x"), Self.red("let x = 1")).pen
        let plainRow = StyledLine([Span("plain text")])
        let next = Self.plan(StyledLine([Span("plain")]), plainRow, pen: pen)
        #expect(next.text == "\u{1B}[5C\u{1B}[0m text\u{1B}8")
        #expect(next.pen.isPlain)
    }

    @Test func theCursorSavedWhereARedrawStoppedKeepsItsRenditionForTheNextToken() {
        let first = Self.redraw.plan(
            from: [Self.red("let x")], to: [Self.red("let x = 1")], park: 0, saved: .top, columns: 80)
        #expect(String(decoding: first.bytes, as: UTF8.self) == "\u{1B}[5C\u{1B}[31m = 1\u{1B}7\r")
        let next = Self.redraw.plan(
            from: [Self.red("let x = 1")], to: [Self.red("let x = 10;")], park: 0, saved: first.saved, columns: 80,
            pen: first.pen)
        #expect(String(decoding: next.bytes, as: UTF8.self) == "\u{1B}80;\u{1B}7\r")
        #expect(next.pen == first.pen)
    }

    @Test func aRowThatGrewWithANameRecolouredFurtherBackGetsOnlyTheNameAndTheNewCells() {
        // A highlight of the growing line coloured a name differently: the cells between stay.
        var blue = Style.plain
        blue.foreground = .ansi(4)
        let drawn = Self.styled([("fn ", .plain), ("weight", Self.red), ("(mapping", .plain)])
        let wanted = Self.styled([("fn ", .plain), ("weight", blue), ("(mapping: &Has", .plain)])
        #expect(Self.plan(drawn, wanted).text == "\u{1B}[3C\u{1B}[34mweight\u{1B}[8C\u{1B}[0m: &Has\u{1B}8")
    }

    @Test func theRenditionIsResetBeforeAnEraseAndBeforeTheCursorIsSaved() {
        let pen = Self.plan(Self.red("let x"), Self.red("let x = 1")).pen
        let erased = Self.plan(Self.red("let x = 1"), Self.red("let"), pen: pen)
        #expect(erased.text.hasPrefix("\u{1B}[3C\u{1B}[0m\u{1B}[K"))
        // The row becomes final: the cursor is saved below it, in the default rendition.
        let saved = Self.plan(Self.red("let x = 1"), Self.red("let x = 12"), park: 1, pen: pen)
        #expect(saved.text == "\u{1B}[9C2\r\n\u{1B}[0m\u{1B}7")
        #expect(saved.pen.isPlain)
    }
}
