import Testing
@testable import TestHelpers
@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine

/// `ProviderMemory.merge`: an interactive command's cache, backoff, resolution, symbol, listing and
/// chart changes land on the state as it is when it writes, without undoing what a pass wrote meanwhile.
@Suite struct StateMergeTests {
    private let quote = Quote(providerID: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd", price: 1, provider: "coingecko")

    @Test func changesMergeOntoTheCurrentDocumentAndKeepThePassesWork() {
        var base = StateDocument()
        base.memory.backoff["coinpaprika"] = 500
        base.memory.quoteCache["coingecko|usd|old"] = CachedQuote(fetchedAt: 1, quote: quote)
        var working = base
        working.memory.backoff["coinpaprika"] = nil
        working.memory.backoff["coingecko"] = 1_120
        working.memory.quoteCache["coingecko|usd|bitcoin"] = CachedQuote(fetchedAt: 1_000, quote: quote)
        working.memory.resolved["coingecko", default: [:]]["BTC"] = "bitcoin"
        working.memory.charts["coingecko|usd|bitcoin"] = CachedChart(fetchedAt: 1_000, prices: [1, 2])
        var current = base
        current.pairs["hi|bitcoin"] = PairState()
        current.memory.quoteCache["coingecko|usd|ethereum"] = CachedQuote(fetchedAt: 990, quote: quote)
        current.memory.resolved["coingecko", default: [:]]["ethereum"] = "ethereum"

        current.memory.merge(changesIn: working.memory, since: base.memory, now: 1_000)

        #expect(current.pairs["hi|bitcoin"] != nil, "the pass's pair survives")
        #expect(Set(current.memory.quoteCache.keys) == ["coingecko|usd|old", "coingecko|usd|bitcoin", "coingecko|usd|ethereum"])
        #expect(current.memory.backoff == ["coingecko": 1_120], "a backoff the command cleared is cleared")
        #expect(current.memory.resolved["coingecko"] == ["BTC": "bitcoin", "ethereum": "ethereum"])
        #expect(current.memory.charts["coingecko|usd|bitcoin"]?.prices == [1, 2])
    }

    @Test func chartsOlderThanADayAreDropped() {
        var doc = StateDocument()
        doc.memory.charts["coingecko|usd|stale"] = CachedChart(fetchedAt: 0, prices: [1])
        doc.memory.charts["coingecko|usd|fresh"] = CachedChart(fetchedAt: 90_000, prices: [1])
        doc.memory.merge(changesIn: ProviderMemory(), since: ProviderMemory(), now: 100_000)
        #expect(Array(doc.memory.charts.keys) == ["coingecko|usd|fresh"])
    }

    @Test func symbolsAndListingsACommandLearnedReachTheStateFile() throws {
        let dir = try TempDir()
        let path = dir.path + "/state.json"
        let shared = SharedState(path: path, lockTimeout: 1)
        let base = try shared.read()
        var working = base
        working.memory.symbols["bitcoin"] = "BTC"
        working.memory.listings["upbit|krw"] = MarketListing(fetchedAt: 1_000, markets: [ListedMarket(code: "KRW-BTC", base: "BTC")])
        try shared.commit(working, base: base, now: 1_000)
        let saved = try StateStore.load(path: path)
        #expect(saved.memory.symbols == ["bitcoin": "BTC"])
        #expect(saved.memory.listings["upbit|krw"]?.markets.map(\.code) == ["KRW-BTC"])
    }
}
