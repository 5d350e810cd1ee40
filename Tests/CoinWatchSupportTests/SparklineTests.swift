import Testing
@testable import CoinWatchSupport

/// The 7-day chart of `show` and the fixed-width cells of its tables.
@Suite struct SparklineTests {
    @Test func theLowestPriceIsTheLowestBlockAndTheHighestTheHighest() {
        #expect(Sparkline.draw([1, 2, 3, 4, 5, 6, 7, 8], width: 8) == "▁▂▃▄▅▆▇█")
        #expect(Sparkline.draw([8, 1], width: 10) == "█▁")
    }

    @Test func longSeriesAreAveragedDownToTheWidth() {
        let hourly = (0..<168).map { Double($0) }
        let line = Sparkline.draw(hourly, width: 65)
        #expect(line.count == 65)
        #expect(line.first == "▁")
        #expect(line.last == "█")
    }

    @Test func aFlatSeriesIsAMiddleLineAndNoPricesNoChart() {
        #expect(Sparkline.draw([5, 5, 5], width: 3) == "▄▄▄")
        #expect(Sparkline.draw([], width: 10) == "")
        #expect(Sparkline.draw([.nan, 1, 2], width: 5) == "▁█")
    }

    @Test func cellsCutWithAnEllipsisAndCountWideCharactersAsTwoColumns() {
        #expect(TextCell.left("Bitcoin", 10) == "Bitcoin   ")
        #expect(TextCell.right("#1", 4) == "  #1")
        #expect(TextCell.fit("MAXPAINANDFRENS", 8) == "MAXPAIN…")
        #expect(TextCell.width("비트코인") == 8)
        #expect(TextCell.left("비트코인", 6) == "비트… ", "a wide character that does not fit leaves a space")
    }

    /// UAX #11 W/F and Emoji_Presentation take two columns; combining marks, variation selectors and
    /// ZWJ add none (a ZWJ sequence or a flag is one picture); text-style symbols take one.
    @Test(arguments: [("🚀", 2), ("⚡", 2), ("🟢", 2), ("🫠", 2), ("🇰🇷", 2), ("👨‍👩‍👧", 2), ("✅", 2), ("Ｂ", 2), ("〈", 2),
                      ("e\u{301}", 1), ("\u{301}", 0), ("\u{200D}", 0), ("\u{FE0F}", 0), ("❤️", 1), ("★", 1), ("→", 1), ("é", 1)])
    func widthFollowsEastAsianWidthAndEmojiPresentation(text: String, columns: Int) {
        #expect(TextCell.width(text) == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func paddingAndTheTableColumnsMeasureColumnsNotCharacters() {
        #expect("비트".padding(to: 8) == "비트    ")
        #expect("🚀 moon".padding(to: 4) == "🚀 moon  ", "a longer text is kept whole, two spaces after it")
        #expect(TextCell.left("🚀🚀🚀🚀", 6) == "🚀🚀… ")
    }
}
