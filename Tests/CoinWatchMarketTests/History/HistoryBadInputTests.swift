@testable import CoinWatchMarket
import Testing
@testable import TestHelpers

/// Truncated, reordered, duplicated and non-numeric history rows (issue 15, bad input).
struct HistoryBadInputTests {
    static let binance = HistoryCaptures.binance

    static let klines = try! HistoryCaptures.capture("binance-klines_ETHUSDT_1h_240-rows_python-binance_pretty-printed_2021-11-18.json")

    @Test func aTruncatedAnswerIsAnErrorNamingTheProvider() throws {
        for cut in [Self.klines.count / 2, Self.klines.count - 3, 10] {
            #expect {
                try Self.binance.decodeHistory(Array(Self.klines.prefix(cut)), timeframe: .h1)
            } throws: { error in
                guard case ProviderError.decoding(let provider, let detail) = error else { return false }
                return provider == "binance" && detail.contains("not valid JSON")
            }
        }
    }

    @Test func reorderedAndDuplicatedRowsComeOutSortedOnce() throws {
        let body = #"[[1636398000000,"2","3","1","2","5",0],[1636394400000,"1","2","1","2","4",0],[1636398000000,"2","4","1","3","6",0]]"#
        let candles = try Self.binance.decodeHistory(Array(body.utf8), timeframe: .h1)
        #expect(candles.map(\.openTime) == [1_636_394_400_000, 1_636_398_000_000])
        #expect(candles[1].close == 3, "the later of two rows for one time wins")
    }

    @Test func aNonNumericPriceNamesItsRowAndField() throws {
        let body = #"[[1636394400000,"1","2","1","2","4",0],[1636398000000,"2","x","1","2","5",0]]"#
        #expect(throws: ProviderError.decoding(provider: "binance", detail: "[1][2]: expected a number")) {
            try Self.binance.decodeHistory(Array(body.utf8), timeframe: .h1)
        }
        let gecko = #"{"prices":[[1621003519770,"abc"]]}"#
        #expect(throws: ProviderError.decoding(provider: "coingecko", detail: "prices[0][1]: expected a number")) {
            try HistoryCaptures.gecko.decodeHistory(Array(gecko.utf8), timeframe: .h1)
        }
    }

    /// Decoding keeps a row with impossible prices; `HistoryLoader` leaves it out (ShowPNGEndToEndTests).
    @Test func impossiblePricesAreLeftToTheLoader() throws {
        let body = #"[[1636394400000,"5","2","1","2","4",0]]"#
        #expect(try Self.binance.decodeHistory(Array(body.utf8), timeframe: .h1).map(\.isSane) == [false])
    }

    @Test func anEmptyHistoryDecodesToNoCandles() throws {
        #expect(try Self.binance.decodeHistory(Array("[]".utf8), timeframe: .h1).isEmpty)
        #expect(try HistoryCaptures.gecko.decodeHistory(Array(#"{"prices":[],"market_caps":[],"total_volumes":[]}"#.utf8), timeframe: .h1).isEmpty)
    }

    @Test func htmlInsteadOfJSONSaysSo() throws {
        #expect {
            try Self.binance.decodeHistory(Array("<html>502</html>".utf8), timeframe: .h1)
        } throws: { error in
            (error as? ProviderError)?.message.contains("HTML") == true
        }
    }

    @Test func planLimitsGetAHintOfWhatToDo() {
        let gecko = HistoryCaptures.gecko.planHint(for: "Your request exceeds the allowed time range. Public API users are limited to querying historical data within the past 365 days. (error code 10012)")
        #expect(gecko?.contains("--range 1y") == true)
        let paprika = HistoryCaptures.paprika.planHint(for: "Getting historical OHLCV data before 2025-01-01 is not allowed in this plan")
        #expect(paprika?.contains("shorter --range") == true)
        #expect(HistoryCaptures.gecko.planHint(for: "Internal Server Error") == nil)
    }
}
