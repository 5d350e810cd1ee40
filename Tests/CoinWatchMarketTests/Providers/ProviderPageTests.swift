@testable import CoinWatchMarket
import Testing

/// SPEC §4 `url`: an alert links the coin's page on the provider that quoted it, on the public site
/// (for a person's browser, whatever `base_url` says), with provider text percent-encoded.
@Suite struct ProviderPageTests {
    @Test func eachProviderLinksItsOwnPageOfTheCoinOrMarket() {
        let pages = [
            ("coingecko", "bitcoin", "BTC", "usd", "https://www.coingecko.com/en/coins/bitcoin"),
            ("coinpaprika", "btc-bitcoin", "BTC", "usd", "https://coinpaprika.com/coin/btc-bitcoin/"),
            ("binance", "ETHUSDT", "ETH", "usdt", "https://www.binance.com/en/trade/ETH_USDT?type=spot"),
            ("upbit", "KRW-BTC", "BTC", "krw", "https://upbit.com/exchange?code=CRIX.UPBIT.KRW-BTC"),
            ("bithumb", "BTC_KRW", "BTC", "krw", "https://www.bithumb.com/react/trade/order/BTC-KRW"),
        ]
        for (provider, id, symbol, vs, page) in pages {
            #expect(ProviderRegistry.pageURL(provider: provider, id: id, symbol: symbol, vs: vs) == page)
        }
        #expect(ProviderRegistry.names.count == pages.count, "every provider has its page here")
        #expect(ProviderRegistry.pageURL(provider: "coingecko+binance", id: "a/b", symbol: "A/B", vs: "b") == nil, "a ratio's quote links none")
    }

    @Test func providerTextInAPageIsPercentEncodedSoNoFormatReadsMarkupInIt() {
        let hostile = #"x"><b>|)](y) &z"#
        for provider in ProviderRegistry.all {
            let page = provider.pageURL(id: hostile, symbol: hostile, vs: "usd")
            #expect(page.hasPrefix("https://"), "\(page)")
            #expect(!page.contains { "\"<>|()[] &'".contains($0) }, "\(page)")
        }
    }

    @Test func queryEscapingKeepsUnreservedBytesAndWritesEveryOtherAsPercentHex() {
        #expect(QueryString.escape("btc-bitcoin_1.0~Z") == "btc-bitcoin_1.0~Z")
        #expect(QueryString.escape("a b/ü%") == "a%20b%2F%C3%BC%25")
        #expect(QueryString.escape("") == "")
    }
}
