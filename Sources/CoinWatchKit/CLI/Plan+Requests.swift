/// The requests a pass makes for the plan's rules when no cached answer is fresh (SPEC §1, §6):
/// per currency, one batch per provider — the favorites through the providers in order (the later
/// ones only for what the earlier fail to quote) and the coins rules pin to one provider.
extension Plan {
    /// One provider's batch in one currency.
    struct RequestBatch: Equatable {
        var provider: String
        var vs: String
        /// Coins the batch quotes.
        var coins: Int
        /// The most requests it makes (exchanges ask only for the coins they list).
        var requests: Int
        /// The endpoint, path only (`/coins/markets`).
        var path: String
        /// A market listing fetched first and kept a day (exchanges), path only.
        var listingPath: String?
        /// Asked only for the favorites the providers before it did not quote.
        var fallback: Bool
        /// Seconds a repeated pass reuses the answer (`cache_ttl`).
        var cacheTTL: Double
    }

    /// Every batch, `vs_currency` first, in provider order.
    func requestBatches() -> [RequestBatch] {
        var batches: [RequestBatch] = []
        for currency in QuoteDemand(rules).currencies {
            var primaryFound = false
            for config in rules.providers where !currency.failover.isEmpty && QuoteFetcher.serves(config.name.rawValue, currency.vs) {
                let own = currency.pinned[config.name.rawValue] ?? []
                let coins = currency.failover + own.filter { !currency.failover.contains($0) }
                if let batch = batch(config, vs: currency.vs, coins: coins, fallback: primaryFound) { batches.append(batch) }
                primaryFound = true
            }
            for name in currency.pinned.keys.sorted() {
                let listed = rules.providers.first { $0.name.rawValue == name }
                if let listed, !currency.failover.isEmpty, QuoteFetcher.serves(name, currency.vs) { continue }
                guard let providerName = ProviderName(rawValue: name) else { continue }
                let config = listed ?? ProviderConfig(name: providerName)
                if let batch = batch(config, vs: currency.vs, coins: (currency.pinned[name] ?? []).uniqued(), fallback: false) {
                    batches.append(batch)
                }
            }
        }
        return batches
    }

    /// `coingecko (usd): 1 GET /coins/markets for 5 coins (250 a request, concurrently), reused for 1m`.
    static func requestText(_ batch: RequestBatch) -> String {
        var text = "\(batch.provider) (\(batch.vs)): "
        if batch.fallback { text += "only for the coins the providers before it miss: " }
        if let listing = batch.listingPath { text += "1 GET \(listing) a day (its markets), then " }
        text += (batch.listingPath == nil ? "" : "up to ") + "\(batch.requests) GET \(batch.path) for \(batch.coins) coin\(batch.coins == 1 ? "" : "s")"
        if batch.requests > 1 { text += ", concurrently" }
        text += batch.cacheTTL > 0 ? "; reused for \(TimeText.duration(batch.cacheTTL)) (cache_ttl)" : "; every pass (cache_ttl 0s)"
        return text
    }

    private func batch(_ config: ProviderConfig, vs: String, coins: [String], fallback: Bool) -> RequestBatch? {
        guard !coins.isEmpty, let provider = ProviderFactory.make(config, environment: [:]) else { return nil }
        let root = ProviderEndpoint(config: config, publicRoot: ProviderFactory.publicRoot(config.name)).baseURL
        var batch = RequestBatch(provider: config.name.rawValue, vs: vs, coins: coins.count, requests: 0, path: "",
                                 listingPath: nil, fallback: fallback, cacheTTL: config.cacheTTL)
        if let exchange = provider as? any ListedMarketExchange {
            let size = type(of: exchange).chunkSize
            batch.requests = (coins.count + size - 1) / size
            batch.path = Self.path(root + exchange.tickerPath([Self.placeholderCode]), root: root)
            batch.listingPath = exchange.listingRequest(vs: vs).map { Self.path($0.url, root: root) }
            return batch
        }
        guard let requests = try? provider.requests(QuoteQuery(favorites: coins, vs: vs)), let first = requests.first else { return nil }
        batch.requests = requests.count
        batch.path = Self.path(first.url, root: root)
        return batch
    }

    /// The market code the exchanges' ticker path is drawn with, cut off again.
    private static let placeholderCode = "COINWATCH-PLAN"

    /// `url` without `root`, and without its query when that names coins (`/coins/markets`).
    static func path(_ url: String, root: String) -> String {
        var path = url.hasPrefix(root) ? String(url.dropFirst(root.count)) : Redaction.url(url)
        if let mark = path.firstIndex(of: "?"), path.count > 40 || path.lowercased().contains(Self.placeholderCode.lowercased()) { path = String(path[..<mark]) }
        return path
    }
}
