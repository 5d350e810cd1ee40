@testable import CoinWatchMarket
import Foundation
import Testing
@testable import TestHelpers

/// The exchanges' market lists as exchange events read them (SPEC §14): Upbit's real captures as
/// captured (2025 `market_event`, 2022 legacy `market_warning`), Bithumb's v1 shape, Binance's status.
@Suite struct MarketEventDecoderTests {
    let upbit = Upbit(config: ProviderConfig(name: .upbit))
    let bithumb = Bithumb(config: ProviderConfig(name: .bithumb))
    let binance = Binance(config: ProviderConfig(name: .binance))

    @Test func upbit2025CaptureReadsEachTrueCautionFlagAndTheWarning() throws {
        let body = try Fixtures.bytes("real/upbit/market-all_isDetails-true_2025-07-27.json")
        let markets = Dictionary(try upbit.decodeEvents([body], vs: "krw").map { ($0.code, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(markets.count == 183)
        #expect(markets["KRW-WAVES"]?.flags == ["DEPOSIT_AMOUNT_SOARING", "TRADING_VOLUME_SOARING"])
        #expect(markets["KRW-STRIKE"]?.flags == ["WARNING"])
        #expect(markets["KRW-BTC"]?.flags == nil, "no flag: nothing stored")
    }

    @Test func upbitLegacyMarketWarningCautionIsTheWarningFlag() throws {
        let body = try Fixtures.bytes("real/upbit/market-all_isDetails-true_legacy-market_warning_TRIMMED_2022-03.json")
        let markets = try upbit.decodeEvents([body], vs: "krw")
        #expect(markets.map(\.code) == ["KRW-BTC", "KRW-ETH", "KRW-NU"])
        #expect(markets.map(\.flags) == [nil, nil, ["WARNING"]])
    }

    @Test func bithumbMarketWarningAndWarningTypesReadAsTheSameFlags() throws {
        let list = try Fixtures.bytes("real/bithumb/v1-market-all_isDetails-true_HANDWRITTEN-3-markets.json")
        let warnings = try Fixtures.bytes("real/bithumb/v1-market-virtual_asset_warning_HANDWRITTEN-2-warnings.json")
        let markets = try bithumb.decodeEvents([list, warnings], vs: "krw")
        #expect(markets.map(\.code) == ["BTC_KRW", "XYZ_KRW"], "KRW markets only, written as its quotes are")
        #expect(markets.map(\.flags) == [["CONCENTRATION_OF_SMALL_ACCOUNTS"], ["PRICE_FLUCTUATIONS", "WARNING"]])
    }

    @Test func binanceSymbolNotTradingIsEndingWithItsStatus() throws {
        let body = Array(#"{"symbols":[{"symbol":"BTCUSDT","status":"TRADING","baseAsset":"BTC","quoteAsset":"USDT"},{"symbol":"XYZUSDT","status":"BREAK","baseAsset":"XYZ","quoteAsset":"USDT"}]}"#.utf8)
        let markets = try binance.decodeEvents([body], vs: "usdt")
        #expect(markets.map(\.ending) == [nil, "BREAK"])
        #expect(try binance.decodeListing(body, vs: "usdt").map(\.code) == ["BTCUSDT"], "favorites never see a market not trading")
    }

    @Test func flagWordsSayWhatEachFlagMeans() {
        #expect(MarketFlag.words(["TRADING_VOLUME_SOARING", "PRICE_FLUCTUATIONS"]) == "price fluctuations, trading volume soaring")
        #expect(MarketFlag.words(["SOMETHING_NEW"]) == "something new")
    }
}
