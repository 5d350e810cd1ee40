import CoinWatchSupport
/// One market an exchange lists: what to ask for (`KRW-BTC`, `BTCUSDT`, `BTC_KRW`) and the coin it trades.
package struct ListedMarket: Codable, Sendable, Equatable, StateRecord {
    /// The exchange's market code, as its ticker endpoint takes it.
    package var code: String
    /// The traded coin's symbol, upper case (`BTC`).
    package var base: String
    /// The coin's display name where the exchange gives one (Upbit `english_name`).
    package var name: String?
    /// The exchange's caution flags on it (SPEC §14, `MarketFlag` names, sorted); nil: none, or not read.
    package var flags: [String]?
    /// Why the market is ending (SPEC §14): Upbit's `delisting_date`, Binance's `status` other than
    /// `TRADING`, `removed` once it left the list; nil: it trades on.
    package var ending: String?
    /// Since when its flags (or its ending) have been as they are, seconds since 1970 (the list of
    /// exchange events keeps it for `explain`); nil where not tracked.
    package var since: Double?

    /// A market from its fields; `base` is upper-cased.
    package init(code: String, base: String, name: String? = nil, flags: [String]? = nil, ending: String? = nil) {
        self.code = code
        self.base = base.uppercased()
        self.name = name
        self.flags = flags.flatMap { $0.isEmpty ? nil : $0.sorted() }
        self.ending = ending
    }

    package static let fields = StateFields<ListedMarket>(blank: ListedMarket(code: "", base: ""), [
        .required("code", \.code, .string),
        .required("base", \.base, .string),
        .optional("name", \.name, .string),
        .optional("flags", \.flags, .array(.string)),
        .optional("ending", \.ending, .string),
        .optional("since", \.since, .number),
    ])
    /// The quote currency and the coin of a market code written `QUOTE-BASE` (`KRW-BTC`), upper case; nil
    /// when it is not one.
    package static func split(_ code: String) -> (quote: String, base: String)? {
        let parts = code.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return (parts[0].uppercased(), parts[1].uppercased())
    }
}

/// The markets an exchange lists in one quote currency, as learned from the exchange itself (SPEC §2).
package struct MarketListing: Codable, Sendable, Equatable, StateRecord {
    /// Seconds a listing is trusted before it is asked for again (one day).
    package static let maxAge: Double = 86_400

    /// When it was learned, seconds since 1970.
    package var fetchedAt: Double
    /// The markets quoted in the listing's currency.
    package var markets: [ListedMarket]
    /// The rules that have seen this list of exchange events (SPEC §14), so a new rule's first list
    /// is recorded without notifying; nil on the plain listings that serve favorites.
    package var seenBy: [String]?

    /// A listing learned at `fetchedAt` (seconds since 1970).
    package init(fetchedAt: Double, markets: [ListedMarket]) {
        self.fetchedAt = fetchedAt
        self.markets = markets
    }

    package static let fields = StateFields<MarketListing>(blank: MarketListing(fetchedAt: 0, markets: []), [
        .required("fetched_at", \.fetchedAt, .number),
        .required("markets", \.markets, .array(.record)),
        .optional("seen_by", \.seenBy, .array(.string)),
    ])

    /// Whether it was learned within `maxAge` before `now` (and not in the future).
    package func isFresh(now: Double) -> Bool {
        fetchedAt <= now && now - fetchedAt < Self.maxAge
    }

    /// The key of `ProviderMemory.listings`: "provider|vs".
    package static func key(provider: String, vs: String) -> String { "\(provider)|\(vs.lowercased())" }

    /// The key of the list exchange events are judged against (SPEC §14): "provider|vs|events", kept
    /// beside the plain listing (whose flags a quote answer may not carry, Bithumb's).
    package static func eventsKey(provider: String, vs: String) -> String { key(provider: provider, vs: vs) + "|events" }
}
