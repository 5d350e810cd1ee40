import CoinWatchTransport
import CoinWatchMarket
import CoinWatchState
/// Resolves every favorite against every provider (SPEC §2, `check --online`): each catalog, ranks
/// where it has none, then match by exact id, an earlier provider's symbol, symbol, name, best rank.
package struct FavoriteResolver: Sendable {
    /// How one favorite resolved on one provider.
    package struct Resolution: Sendable, Equatable {
        /// The favorite as written.
        package var favorite: String
        /// The coin it names, nil when the provider knows none.
        package var coin: CatalogCoin?
        /// `id`, `symbol`, `name`, or `symbol from <provider>`.
        package var matchedBy: String?
        /// Other coins that share the coin's symbol, best rank first.
        package var others: [CatalogCoin] = []
    }

    /// One provider's answer: a resolution per favorite, or why it could not answer.
    package struct ProviderReport: Sendable {
        /// The provider's name.
        package var provider: String
        /// The currency it was asked in, where the caller says.
        package var vs: String?
        /// One per favorite, in favorites' order; empty when it failed.
        package var resolutions: [Resolution] = []
        /// Why its catalog could not be read.
        package var failure: ProviderError?
        /// HTTP requests made for it (the catalog, and any ranks).
        package var requestCount = 0
        /// Some ranks could not be read, so a symbol or name that several coins share may have
        /// resolved to a coin other than the best-ranked one.
        package var ranksIncomplete = false
    }

    /// The most candidate ids whose ranks are asked for per provider (4 CoinGecko pages).
    package static let maxRankedCandidates = 1_000

    /// The providers, in rules.json order.
    package var sources: [QuoteFetcher.Source]
    /// Runs each stage's requests concurrently.
    package var transport: any HTTPTransport

    /// A resolver over `sources` through `transport`.
    package init(sources: [QuoteFetcher.Source], transport: any HTTPTransport) {
        self.sources = sources
        self.transport = transport
    }

    /// Resolves `favorites` in `vs` on every provider, in order, at `now` (seconds since 1970); the
    /// symbols in `memory` seed the exchanges' matches and gain what each resolves.
    package func resolve(_ favorites: [String], vs: String, memory: inout ProviderMemory, now: Double) -> [ProviderReport] {
        let requests = sources.map { $0.provider.catalogRequest(vs: vs) }
        let batch = requests.compactMap { $0 }
        var answers = transport.perform(batch).makeIterator()
        var reports: [ProviderReport] = []
        for (source, request) in zip(sources, requests) {
            let provider = source.provider
            var report = ProviderReport(provider: provider.name)
            guard let request, let answer = answers.next() else {
                reports.append(report)
                continue
            }
            report.requestCount = 1
            do {
                let body = try ProviderCall.body(of: answer, to: request, from: provider.name, errorMessage: provider.errorMessage,
                                                 memory: &memory, now: now)
                var catalog = try provider.decodeCatalog(body, vs: vs)
                catalog = rank(catalog, for: favorites, vs: vs, provider: provider, memory: &memory, now: now,
                               requestCount: &report.requestCount, incomplete: &report.ranksIncomplete)
                report.resolutions = Self.match(favorites, in: catalog, symbols: provider.servesBySymbol ? memory.symbols : [:],
                                                symbolSource: reports)
                for resolution in report.resolutions {
                    if let coin = resolution.coin { memory.symbols[lookupKey(resolution.favorite)] = coin.symbol }
                }
            } catch {
                report.failure = QuoteFetcher.providerError(error, provider: provider.name)
            }
            reports.append(report)
        }
        return reports
    }

    /// `catalog` with ranks filled in from the provider's quotes for unranked coins that share a
    /// symbol or name; unchanged (and `incomplete` set) where that fails.
    func rank(_ catalog: [CatalogCoin], for favorites: [String], vs: String, provider: any PriceProvider,
              memory: inout ProviderMemory, now: Double, requestCount: inout Int, incomplete: inout Bool) -> [CatalogCoin] {
        guard !provider.servesBySymbol else { return catalog }
        let index = CatalogIndex(catalog)
        var seen = Set<String>()
        let wanted = favorites.flatMap(index.candidates).filter { $0.rank == nil && seen.insert($0.id).inserted }
            .prefix(Self.maxRankedCandidates).map(\.id)
        guard wanted.count > 1 else { return catalog }
        guard let requests = try? provider.requests(QuoteQuery(favorites: wanted, vs: vs)) else {
            incomplete = true
            return catalog
        }
        var ranks: [String: Int] = [:]
        requestCount += requests.count
        for (request, answer) in zip(requests, transport.perform(requests)) {
            guard let body = try? ProviderCall.body(of: answer, to: request, from: provider.name,
                                                    errorMessage: provider.errorMessage, memory: &memory, now: now),
                  let quotes = try? provider.decode([body], query: QuoteQuery(favorites: wanted, vs: vs)) else {
                incomplete = true
                continue
            }
            for quote in quotes.values { ranks[quote.providerID] = quote.rank }
        }
        return catalog.map { coin in
            var ranked = coin
            ranked.rank = coin.rank ?? ranks[coin.id]
            return ranked
        }
    }

    /// Each favorite matched in `catalog`; `symbols` are the symbols earlier providers gave favorites.
    static func match(_ favorites: [String], in catalog: [CatalogCoin], symbols: [String: String],
                      symbolSource reports: [ProviderReport]) -> [Resolution] {
        let index = CatalogIndex(catalog)
        return favorites.map { favorite in
            let key = lookupKey(favorite)
            var resolution = Resolution(favorite: favorite)
            if let coin = index.byID[key] {
                (resolution.coin, resolution.matchedBy) = (coin, "id")
            } else if let symbol = symbols[key], let coin = index.best(index.bySymbol[lookupKey(symbol)]) {
                let source = reports.first { $0.resolutions.contains { $0.favorite == favorite && $0.coin != nil } }
                (resolution.coin, resolution.matchedBy) = (coin, "symbol from " + (source?.provider ?? "state"))
            } else if let coin = index.best(index.bySymbol[key]) {
                (resolution.coin, resolution.matchedBy) = (coin, "symbol")
            } else if let coin = index.best(index.byName[key]) {
                (resolution.coin, resolution.matchedBy) = (coin, "name")
            }
            if let coin = resolution.coin {
                resolution.others = (index.bySymbol[lookupKey(coin.symbol)] ?? []).filter { $0.id != coin.id }
                    .sorted { ($0.rank ?? Int.max, $0.id) < ($1.rank ?? Int.max, $1.id) }
            }
            return resolution
        }
    }
}

/// A catalog indexed by lower-cased id, symbol and name.
struct CatalogIndex {
    var byID: [String: CatalogCoin] = [:]
    var bySymbol: [String: [CatalogCoin]] = [:]
    var byName: [String: [CatalogCoin]] = [:]

    init(_ catalog: [CatalogCoin]) {
        for coin in catalog {
            if byID[lookupKey(coin.id)] == nil { byID[lookupKey(coin.id)] = coin }
            bySymbol[lookupKey(coin.symbol), default: []].append(coin)
            byName[lookupKey(coin.name), default: []].append(coin)
        }
    }

    /// The coins `favorite` could name: its id match and the coins sharing that symbol, else every symbol
    /// match, else every name match.
    func candidates(_ favorite: String) -> [CatalogCoin] {
        let key = lookupKey(favorite)
        if let coin = byID[key] { return [coin] + (bySymbol[lookupKey(coin.symbol)] ?? []) }
        return bySymbol[key] ?? byName[key] ?? []
    }

    /// The best-ranked of `coins` (an unranked coin loses every tie; the first wins among equals).
    func best(_ coins: [CatalogCoin]?) -> CatalogCoin? {
        coins?.enumerated().min { ($0.element.rank ?? Int.max, $0.offset) < ($1.element.rank ?? Int.max, $1.offset) }?.element
    }
}
