@testable import CoinWatchMarket
@testable import CoinWatchRules
import Testing

/// The default messages of the exchange event kinds (SPEC §14): what the flag means in plain words,
/// the delisting date or status, the new market's name; `resolved` says what cleared.
@Suite struct ExchangeEventMessageTests {
    static func change(_ exchange: String = "upbit", _ code: String = "KRW-XYZ", before: ListedMarket?, after: ListedMarket?) -> MarketChange {
        MarketChange(exchange: exchange, code: code, before: before, after: after)
    }

    static let plain = ListedMarket(code: "KRW-XYZ", base: "XYZ", name: "Xyz")

    @Test func cautionSaysWhatTheFlagsMeanAndWhatCleared() {
        let flagged = ListedMarket(code: "KRW-XYZ", base: "XYZ", flags: ["TRADING_VOLUME_SOARING", "WARNING", "PRICE_FLUCTUATIONS"])
        let kind = CautionCondition(only: nil)
        #expect(kind.message(Self.change(before: Self.plain, after: flagged), resolved: false)
            == "Upbit flags KRW-XYZ: investment warning, price fluctuations, trading volume soaring")
        #expect(kind.message(Self.change(before: flagged, after: Self.plain), resolved: true)
            == "Upbit no longer flags KRW-XYZ (was: investment warning, price fluctuations, trading volume soaring)")
        #expect(CautionCondition(only: ["WARNING"]).message(Self.change(before: Self.plain, after: flagged), resolved: false)
            == "Upbit flags KRW-XYZ: investment warning", "with a list, only the flags it counts")
    }

    @Test func delistingSaysTheDateTheStatusOrTheListsEnd() {
        let kind = DelistingCondition()
        let dated = ListedMarket(code: "KRW-XYZ", base: "XYZ", ending: "2025-08-01")
        #expect(kind.message(Self.change(before: Self.plain, after: dated), resolved: false) == "Upbit ends KRW-XYZ: delisting on 2025-08-01")
        let halted = ListedMarket(code: "XYZUSDT", base: "XYZ", ending: "BREAK")
        #expect(kind.message(Self.change("binance", "XYZUSDT", before: Self.plain, after: halted), resolved: false)
            == "Binance stops trading XYZUSDT (status BREAK)")
        #expect(kind.message(Self.change(before: Self.plain, after: nil), resolved: false) == "Upbit no longer lists KRW-XYZ")
        #expect(kind.message(Self.change("binance", "XYZUSDT", before: halted, after: Self.plain), resolved: true)
            == "Binance trades XYZUSDT again")
    }

    @Test func listedNamesTheNewMarket() {
        #expect(ListedCondition().message(Self.change(before: nil, after: Self.plain), resolved: false) == "Upbit lists KRW-XYZ (Xyz)")
    }
}
