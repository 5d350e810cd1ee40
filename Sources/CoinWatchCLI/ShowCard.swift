import CoinWatchSupport
import CoinWatchMarket
import CoinWatchState
import CoinWatchEngine
/// Gets the quote and 7-day chart for `coinwatch show` from a `CardSource`: from the cache within
/// `cache_ttl`, else with one request; when the provider cannot answer, a cached card with a warning.
enum ShowCard {
    /// A card ready to print.
    struct Shown {
        var card: PriceCard
        /// When the figures were fetched, if they came from the cache.
        var cachedAt: Double?
        /// A line for stderr (a stale card because the provider did not answer).
        var warning: String?
    }

    static func load(_ coin: String, vs: String, from gecko: any CardSource, config: ProviderConfig,
                     session: inout WatchSession) throws(ExitCodeError) -> Shown {
        let name = gecko.name
        let known = session.state.memory.resolved[name]?.first { lookupKey($0.key) == lookupKey(coin) }?.value
        let id = known ?? lookupKey(coin)
        let cachedQuote = session.state.memory.quoteCache[QuoteFetcher.cacheKey(provider: name, vs: vs, favorite: coin)]
            ?? session.state.memory.quoteCache[QuoteFetcher.cacheKey(provider: name, vs: vs, favorite: id)]
        let cachedChart = session.state.memory.charts[chartKey(name, vs: vs, id: id)]
        if let fresh = fromCache(name, id: id, typed: coin, vs: vs, ttl: config.cacheTTL, session: session) {
            return fresh
        }
        var fetched = fetch(id: id, vs: vs, gecko: gecko, session: &session)
        if case .success(nil) = fetched, known == nil {
            switch resolve(coin, gecko: gecko, session: &session) {
            case .failure(let error): fetched = .failure(error)
            case .success(nil): break
            case .success(let hit?):
                if let fresh = fromCache(name, id: hit.id, typed: hit.id, vs: vs, ttl: config.cacheTTL, session: session) {
                    session.state.memory.resolved[name, default: [:]][coin] = hit.id
                    return fresh
                }
                fetched = fetch(id: hit.id, vs: vs, gecko: gecko, session: &session)
            }
        }
        switch fetched {
        case .success(let card?):
            remember(card, name, typed: coin, vs: vs, session: &session)
            return Shown(card: PriceCard(quote: card.quote, sparkline: card.sparkline, chartNote: "\(name) sent no 7-day prices"))
        case .success(nil):
            throw session.context.fail(.failure, "coinwatch: \(name) has no coin '\(coin)' quoted in \(vs); "
                + "find its id with 'coinwatch search \(coin)'")
        case .failure(let error):
            if let quote = cachedQuote {
                let card = PriceCard(quote: quote.quote, sparkline: cachedChart?.prices ?? [],
                                     chartNote: "no cached 7-day prices")
                return Shown(card: card, cachedAt: quote.fetchedAt,
                             warning: "\(session.describe(error)); showing the card cached at \(TimeText.iso(quote.fetchedAt))")
            }
            throw session.context.fail(.failure, "coinwatch: \(session.describe(error))")
        }
    }

    /// The card from the state when both its quote and its chart are younger than `ttl` seconds.
    private static func fromCache(_ name: String, id: String, typed: String, vs: String, ttl: Double, session: WatchSession) -> Shown? {
        guard let quote = session.state.memory.quoteCache[QuoteFetcher.cacheKey(provider: name, vs: vs, favorite: typed)]
                ?? session.state.memory.quoteCache[QuoteFetcher.cacheKey(provider: name, vs: vs, favorite: id)],
              let chart = session.state.memory.charts[chartKey(name, vs: vs, id: id)],
              isFresh(quote.fetchedAt, session.now, ttl), isFresh(chart.fetchedAt, session.now, ttl) else { return nil }
        return Shown(card: PriceCard(quote: quote.quote, sparkline: chart.prices), cachedAt: quote.fetchedAt)
    }

    /// The card of `id`, nil when the provider does not list it or has no price for it.
    private static func fetch(id: String, vs: String, gecko: any CardSource,
                              session: inout WatchSession) -> Result<(quote: Quote, sparkline: [Double])?, ProviderError> {
        session.fetch(gecko.cardRequest(id: id, vs: vs), provider: gecko.name) { body in
            guard let match = try gecko.cards(body, vs: vs).first(where: { lookupKey($0.id) == lookupKey(id) }),
                  let quote = match.quote, quote.isObservation else { return nil }
            return (quote, match.sparkline)
        }
    }

    /// The coin the provider's search finds for `text` (exact id, then symbol, then name; best rank wins).
    private static func resolve(_ text: String, gecko: any CardSource, session: inout WatchSession) -> Result<CatalogCoin?, ProviderError> {
        session.fetch(gecko.searchRequest(query: text, limit: SearchCommand.defaultLimit), provider: gecko.name) { body in
            CatalogCoin.best(for: text, in: try gecko.searchHits(body))
        }
    }

    /// Stores the quote (under what was typed and under the id), the chart and the resolution in the state.
    private static func remember(_ card: (quote: Quote, sparkline: [Double]), _ name: String, typed: String, vs: String,
                                 session: inout WatchSession) {
        let cached = CachedQuote(fetchedAt: session.now, quote: card.quote)
        session.state.memory.quoteCache[QuoteFetcher.cacheKey(provider: name, vs: vs, favorite: typed)] = cached
        session.state.memory.quoteCache[QuoteFetcher.cacheKey(provider: name, vs: vs, favorite: card.quote.providerID)] = cached
        session.state.memory.resolved[name, default: [:]][typed] = card.quote.providerID
        if !card.sparkline.isEmpty {
            session.state.memory.charts[chartKey(name, vs: vs, id: card.quote.providerID)] = CachedChart(fetchedAt: session.now, prices: card.sparkline)
        }
    }

    /// "coingecko|usd|bitcoin" (provider `name`), the key of `ProviderMemory.charts`.
    static func chartKey(_ name: String, vs: String, id: String) -> String {
        "\(name)|\(vs.lowercased())|\(lookupKey(id))"
    }

    private static func isFresh(_ fetchedAt: Double, _ now: Double, _ ttl: Double) -> Bool {
        fetchedAt <= now && now - fetchedAt < ttl
    }
}
