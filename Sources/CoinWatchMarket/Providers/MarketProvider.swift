/// A provider as `ProviderRegistry` knows it: it quotes and serves history, and what more it does is a
/// capability protocol it conforms to in its folder under Providers/, which holds everything it owns.
package protocol MarketProvider: PriceProvider, HistorySource {
    /// Its name in rules.json and in quotes (lower case).
    static var providerName: String { get }
    /// The provider `config` describes; an API key is read from `environment[config.apiKeyEnv]` now.
    init(config: ProviderConfig, environment: [String: String])
    /// The quote currencies it offers, lower case; nil when it takes any its API knows.
    static var offeredCurrencies: [String]? { get }
    /// The currencies its API lists when it takes any (what `check` accepts beside the others' offers).
    static var listedCurrencies: [String] { get }
    /// Whether it reads an API key from `api_key_env` (the exchanges' public data takes none).
    static var takesAPIKey: Bool { get }
    /// Its WebSocket feed (SPEC §9); nil when it has none.
    static var feed: (any ExchangeFeed)? { get }
    /// Whether its quotes carry all-time highs and lows (`new_high`/`new_low` over `all`).
    static var reportsAllTimeMarks: Bool { get }
    /// How it names the market of `symbol` in `vs` without asking (an exchange's `BTCUSDT`); nil when
    /// it names coins by its own ids, which a pass resolves.
    static func marketCode(symbol: String, vs: String) -> String?
    /// The coin's page on the provider's public web site (SPEC §4 `url`), every part percent-encoded.
    static func pageURL(id: String, symbol: String, vs: String) -> String
}

extension MarketProvider {
    /// Lower-case name as written in rules.json.
    package var name: String { Self.providerName }
    package static var listedCurrencies: [String] { [] }
    package static var takesAPIKey: Bool { false }
    package static var feed: (any ExchangeFeed)? { nil }
    package static var reportsAllTimeMarks: Bool { false }
    package static func marketCode(symbol: String, vs: String) -> String? { nil }
}
