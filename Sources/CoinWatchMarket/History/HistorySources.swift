/// The history source of each provider: what `show --range` and the alerts' charts load from.
package enum HistorySources {
    /// The source of provider `name` configured by `config`.
    package static func make(_ name: ProviderName, config: ProviderConfig, environment: [String: String]) -> any HistorySource {
        switch name {
        case .coingecko: return CoinGecko(config: config, environment: environment)
        case .coinpaprika: return CoinPaprika(config: config, environment: environment)
        case .binance: return Binance(config: config)
        case .upbit: return Upbit(config: config)
        case .bithumb: return Bithumb(config: config)
        }
    }
}
