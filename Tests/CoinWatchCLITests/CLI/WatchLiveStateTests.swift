@testable import CoinWatchSupport
@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchCLI
import Testing
@testable import TestHelpers

/// The live `watch` view's pure parts (SPEC §10): the keys, the frame fitted to the terminal's
/// rows and columns, and the bytes of one frame. The same behaviour on a real terminal is in
/// `WatchLiveViewTests`.
struct WatchLiveStateTests {
    private func table(_ count: Int) -> WatchTable {
        var rules = RulesFile(path: "rules.json")
        rules.favorites = (0..<count).map { "coin\($0)" }
        var quotes: [String: Quote] = [:]
        for (index, coin) in rules.favorites.enumerated() {
            quotes[coin] = Quote(providerID: coin, symbol: "c\(index)", name: "Coin \(index)", vs: "usd",
                                 price: Double(100 + index), change24h: Double(index), provider: "coingecko")
        }
        return WatchTable(rules: rules, quotes: quotes, state: StateDocument(), now: 1_800_000_000)
    }

    @Test func sStepsThroughEverySortKeyAndBackToRank() {
        var view = WatchLiveState(sort: .rank)
        var seen: [WatchTable.SortKey] = []
        for _ in WatchTable.SortKey.allCases {
            #expect(view.press([UInt8(ascii: "s")]) == .redraw)
            seen.append(view.sort)
        }
        #expect(seen == [.change, .name, .price, .value, .rank])
    }

    @Test func qAndCtrlCQuitAndRRefreshes() {
        var view = WatchLiveState(sort: .rank)
        #expect(view.press([UInt8(ascii: "r")]) == .refresh)
        #expect(view.press([UInt8(ascii: "q")]) == .quit)
        #expect(view.press([3]) == .quit)
        #expect(view.press([UInt8(ascii: "x")]) == .redraw)
    }

    @Test func slashTypesAFilterEnterKeepsItEscapeDropsItAndTypedQIsText() {
        var view = WatchLiveState(sort: .rank)
        #expect(view.press(Array("/bq".utf8)) == .redraw, "q while typing is a letter, not quit")
        #expect(view.typing == "bq" && view.filter.isEmpty)
        _ = view.press([127, UInt8(ascii: "i"), 13])
        #expect(view.typing == nil && view.filter == "bi")
        _ = view.press(Array("/zz".utf8) + [27])
        #expect(view.typing == nil && view.filter == "bi", "Escape while typing drops the new text only")
        _ = view.press([27])
        #expect(view.filter.isEmpty, "Escape clears the filter")
    }

    @Test func theFrameFitsTheTerminalAndKeepsTheFooterWhenRowsRunOut() {
        let table = table(10)
        let view = WatchLiveState(sort: .rank)
        let full = view.frame(table, width: 100, rows: 30, color: ColorPolicy(enabled: false), error: nil)
        #expect(full.count == 14 && full.first?.hasPrefix("coinwatch watch — ") == true && full.last == WatchLiveState.keysHelp)
        let short = view.frame(table, width: 100, rows: 6, color: ColorPolicy(enabled: false), error: "coingecko: timed out")
        #expect(short.count == 6, "\(short)")
        #expect(short[0].hasPrefix("coinwatch watch") && short[1].hasPrefix("SYMBOL"), "\(short)")
        #expect(short[4] == "coingecko: timed out" && short[5] == "+8 more  " + WatchLiveState.keysHelp, "\(short)")
        for (width, rows) in [(1, 1), (5, 2), (20, 3), (39, 24), (120, 50)] {
            let lines = view.frame(table, width: width, rows: rows, color: ColorPolicy(enabled: true), error: "x")
            #expect(lines.count <= rows && !lines.isEmpty, "\(width)×\(rows): \(lines)")
            #expect(lines.allSatisfy { WatchTerminal.visibleWidth($0) <= width }, "\(width)×\(rows): \(lines)")
        }
    }

    @Test func aFrameAddressesEachRowWritesNoNewlineAndErasesOnlyShortRows() {
        let bytes = WatchTerminal.frame(["ab", "wxyz", "\u{1B}[32m+1%\u{1B}[0m"], columns: 4, rows: 5)
        #expect(!bytes.contains("\n") && !bytes.contains("\r"), "a newline on the last row would scroll the screen")
        #expect(bytes == "\u{1B}[1;1Hab\u{1B}[K\u{1B}[2;1Hwxyz\u{1B}[3;1H\u{1B}[32m+1%\u{1B}[0m\u{1B}[K\u{1B}[4;1H\u{1B}[J")
        #expect(WatchTerminal.frame(["a", "b", "c"], columns: 4, rows: 2) == "\u{1B}[1;1Ha\u{1B}[K\u{1B}[2;1Hb\u{1B}[K")
    }
}
