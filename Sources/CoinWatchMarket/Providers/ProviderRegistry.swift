/// Every provider coinwatch knows, one line each: everything else looks providers up here, never by a
/// name of its own.
package enum ProviderRegistry {
    /// Every provider, in the order `check` and the schema list them; the first is the default one.
    package static let all: [any MarketProvider.Type] = [
        CoinGecko.self,
        CoinPaprika.self,
        Bithumb.self,
        Upbit.self,
        Binance.self,
    ]

    /// Every name, in registry order.
    package static let names = all.map(ProviderName.init)

    static let byName = Dictionary(all.map { ($0.providerName, $0) }, uniquingKeysWith: { first, _ in first })

    /// The provider used when rules.json lists none (SPEC §6), and when a name is not at hand.
    package static var fallback: ProviderName { names[0] }

    /// The provider `config` describes, reading its API key from `environment`.
    package static func make(_ config: ProviderConfig, environment: [String: String]) -> any MarketProvider {
        config.name.provider.init(config: config, environment: environment)
    }

    /// Each provider with its default settings, in registry order.
    package static let defaults: [any MarketProvider] = all.map { $0.init(config: ProviderConfig(name: ProviderName($0)), environment: [:]) }

    /// The names of the providers for which `test` holds (asked of each one's defaults), in registry order.
    package static func names(where test: (any MarketProvider) -> Bool) -> [ProviderName] {
        defaults.filter(test).map { ProviderName(type(of: $0)) }
    }

    /// The page of the coin `id` (`symbol` in `vs`) on the provider called `provider` (`MarketProvider.pageURL`);
    /// nil when no provider has that name (a ratio's `a+b`).
    package static func pageURL(provider: String, id: String, symbol: String, vs: String) -> String? {
        byName[provider]?.pageURL(id: id, symbol: symbol, vs: vs)
    }

    /// `names`, as `check` words a list of them: `a, b or c` (`conjunction` "or"/"and").
    package static func list(_ names: [ProviderName], _ conjunction: String = "or") -> String {
        let words = names.map(\.rawValue)
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    /// The quote currencies `check` accepts for `name`, lower case: what it offers, or for a provider taking
    /// any currency, its API's and every other provider's.
    package static func knownCurrencies(_ name: ProviderName) -> [String] {
        let type = name.provider
        return type.offeredCurrencies ?? (type.listedCurrencies + all.flatMap { $0.offeredCurrencies ?? [] }).uniqued()
    }
}
