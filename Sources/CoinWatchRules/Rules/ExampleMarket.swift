import CoinWatchMarket
/// The market the exchange event kinds' examples show: coin XYZ in `vs` on the last registered
/// exchange whose market list quotes in it (`KRW-XYZ` on upbit), so no kind names an exchange.
struct ExampleMarket {
    /// The exchange's name in rules.json.
    let exchange: String
    /// Its market code for XYZ.
    let code: String

    init(_ vs: String) {
        let lists = ProviderRegistry.defaults.filter { $0 is any MarketEventSource && type(of: $0).offeredCurrencies?.contains(vs) == true }
        let provider = type(of: lists.last ?? ProviderRegistry.defaults[0])
        exchange = provider.providerName
        code = provider.marketCode(symbol: "XYZ", vs: vs) ?? "XYZ"
    }

    /// The market as a list shows it.
    func listed(flags: [String]? = nil, ending: String? = nil) -> ListedMarket {
        ListedMarket(code: code, base: "XYZ", flags: flags, ending: ending)
    }

    /// The market on the previous list (`before`) and on the current one (`after`); nil: not on it.
    func change(_ before: ListedMarket?, _ after: ListedMarket?) -> MarketChange {
        MarketChange(exchange: exchange, code: code, before: before, after: after)
    }
}
