import Testing
@testable import CoinWatchKit

/// `mergeCaches`: an interactive command's cache, backoff, resolution and chart changes land on
/// the state as it is when it writes, without undoing what a pass wrote meanwhile.
@Suite struct StateMergeTests {
    private let quote = Quote(providerID: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd", price: 1, provider: "coingecko")

    @Test func changesMergeOntoTheCurrentDocumentAndKeepThePassesWork() {
        var base = StateDocument()
        base.backoff["coinpaprika"] = 500
        base.quoteCache["coingecko|usd|old"] = CachedQuote(fetchedAt: 1, quote: quote)
        var working = base
        working.backoff["coinpaprika"] = nil
        working.backoff["coingecko"] = 1_120
        working.quoteCache["coingecko|usd|bitcoin"] = CachedQuote(fetchedAt: 1_000, quote: quote)
        working.resolved["coingecko", default: [:]]["BTC"] = "bitcoin"
        working.charts["coingecko|usd|bitcoin"] = CachedChart(fetchedAt: 1_000, prices: [1, 2])
        var current = base
        current.pairs["hi|bitcoin"] = PairState()
        current.quoteCache["coingecko|usd|ethereum"] = CachedQuote(fetchedAt: 990, quote: quote)
        current.resolved["coingecko", default: [:]]["ethereum"] = "ethereum"

        current.mergeCaches(from: working, base: base, now: 1_000)

        #expect(current.pairs["hi|bitcoin"] != nil, "the pass's pair survives")
        #expect(Set(current.quoteCache.keys) == ["coingecko|usd|old", "coingecko|usd|bitcoin", "coingecko|usd|ethereum"])
        #expect(current.backoff == ["coingecko": 1_120], "a backoff the command cleared is cleared")
        #expect(current.resolved["coingecko"] == ["BTC": "bitcoin", "ethereum": "ethereum"])
        #expect(current.charts["coingecko|usd|bitcoin"]?.prices == [1, 2])
    }

    @Test func chartsOlderThanADayAreDropped() {
        var doc = StateDocument()
        doc.charts["coingecko|usd|stale"] = CachedChart(fetchedAt: 0, prices: [1])
        doc.charts["coingecko|usd|fresh"] = CachedChart(fetchedAt: 90_000, prices: [1])
        doc.mergeCaches(from: StateDocument(), base: StateDocument(), now: 100_000)
        #expect(Array(doc.charts.keys) == ["coingecko|usd|fresh"])
    }
}
