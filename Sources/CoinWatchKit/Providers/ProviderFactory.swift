/// Makes the provider a rules.json `providers` entry names.
public enum ProviderFactory {
    /// The provider for `config`, or nil when this build does not implement it.
    public static func make(_ config: ProviderConfig, environment: [String: String]) -> (any PriceProvider)? {
        switch config.name {
        case .coingecko: return CoinGecko(config: config, environment: environment)
        case .coinpaprika, .bithumb, .upbit, .binance: return nil
        }
    }
}
