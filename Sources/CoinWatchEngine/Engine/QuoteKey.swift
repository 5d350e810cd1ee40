/// The key of a quote in the quotes a pass hands to `RuleRunner`: the favorite as written for the
/// favorites' own feed (`vs_currency` through the providers in order), else
/// `favorite|vs|provider` (`*` for the providers in order), so one pass holds a coin in several
/// currencies and from several providers (SPEC §2 `vs`, `provider`, premiums).
enum QuoteKey {
    /// The key of `coin` quoted in `vs` by `provider` (nil: the providers in order), where the
    /// favorites' own currency is `defaultVs`.
    static func key(_ coin: String, vs: String, provider: String?, defaultVs: String) -> String {
        provider == nil && vs == defaultVs ? coin : coin + "|" + vs + "|" + (provider ?? "*")
    }

    /// Whether `key` is a feed's key rather than a favorite's own (it names a currency and a provider).
    static func isFeedKey(_ key: String) -> Bool { key.contains("|") }
}
