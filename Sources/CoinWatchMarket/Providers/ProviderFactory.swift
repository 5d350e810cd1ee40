/// Makes the provider a rules.json `providers` entry names, and knows what each one quotes in.
package enum ProviderFactory {
    /// The provider for `config` (every `ProviderName` has one; optional for callers written when some had none).
    package static func make(_ config: ProviderConfig, environment: [String: String]) -> (any PriceProvider)? {
        switch config.name {
        case .coingecko: return CoinGecko(config: config, environment: environment)
        case .coinpaprika: return CoinPaprika(config: config, environment: environment)
        case .bithumb: return Bithumb(config: config)
        case .upbit: return Upbit(config: config)
        case .binance: return Binance(config: config)
        }
    }

    /// The quote currencies `name` offers (lower case), or nil when it takes any that its API knows.
    package static func offeredCurrencies(_ name: ProviderName) -> [String]? {
        switch name {
        case .coingecko: return nil
        case .coinpaprika: return CoinPaprika.offeredCurrencies
        case .bithumb: return Bithumb.offeredCurrencies
        case .upbit: return Upbit.offeredCurrencies
        case .binance: return Binance.offeredCurrencies
        }
    }

    /// The quote currencies `check` accepts for `name` (lower case): what it offers; for coingecko,
    /// which takes any currency its API knows, the ones it lists (`CoinGecko.supportedCurrencies`)
    /// and every one another provider offers (`usdt`), so only a code no provider knows is refused.
    package static func knownCurrencies(_ name: ProviderName) -> [String] {
        offeredCurrencies(name) ?? (CoinGecko.supportedCurrencies + ProviderName.allCases.flatMap { offeredCurrencies($0) ?? [] }).uniqued()
    }

    /// Whether `name` reads an API key from `api_key_env` (the exchanges' public data takes none).
    package static func takesAPIKey(_ name: ProviderName) -> Bool {
        name == .coingecko || name == .coinpaprika
    }
}
