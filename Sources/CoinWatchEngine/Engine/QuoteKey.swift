/// The key of a quote in a pass: the favorite as written for the favorites' own feed, else
/// `favorite|vs|provider` (`*`: the providers in order), so a pass holds a coin in several feeds.
enum QuoteKey {
    /// The key of `coin` quoted in `vs` by `provider` (nil: the providers in order), where the
    /// favorites' own currency is `defaultVs`.
    static func key(_ coin: String, vs: String, provider: String?, defaultVs: String) -> String {
        provider == nil && vs == defaultVs ? coin : coin + "|" + vs + "|" + (provider ?? "*")
    }

    /// Whether `key` is a feed's key rather than a favorite's own (it names a currency and a provider).
    static func isFeedKey(_ key: String) -> Bool { key.contains("|") }
}
