import CoinWatchMarket
import CoinWatchState
extension QuoteFetcher {
    /// `quotes` (fresh from `provider`, keyed by favorite) with the span traded since the previous pass,
    /// `elapsed` seconds ago, from the provider's rolling window (SPEC §2 wicks), kept in `memory.windows`;
    /// a window that did not answer leaves its quotes without a span.
    func addSpans(to quotes: [String: Quote], query: QuoteQuery, from provider: any TradedWindowProvider, elapsed: Double,
                  memory: inout ProviderMemory, now: Double, outcome: inout Outcome) -> [String: Quote] {
        let requests = provider.windowRequests(query, elapsed: max(0, elapsed))
        guard !requests.isEmpty else { return quotes }
        outcome.requestCount += requests.count
        var bodies: [[UInt8]] = []
        var problem: String?
        for (request, result) in zip(requests, transport.perform(requests)) {
            do {
                bodies.append(try ProviderCall.body(of: result, to: request, from: provider.name,
                                                    errorMessage: provider.errorMessage, memory: &memory, now: now))
            } catch {
                problem = problem ?? Self.cause(of: error, provider: provider.name)
            }
        }
        var windows: [String: TradedWindow] = [:]
        do {
            windows = try provider.decodeWindows(bodies, query: query)
        } catch {
            problem = problem ?? Self.cause(of: error, provider: provider.name)
        }
        if let problem, let log { log("\(provider.name): no rolling-window answer (\(problem)); crossings and ranges judge the last price") }
        var spanned = quotes
        for (favorite, window) in windows {
            guard var quote = spanned[favorite] else { continue }
            let key = Self.cacheKey(provider: provider.name, vs: query.vs, favorite: favorite)
            quote.span = window.span(price: quote.price, after: memory.windows[key])
            memory.windows[key] = window
            spanned[favorite] = quote
        }
        // Pruned on the exchange's clock (the newest window's end), whatever the local clock says.
        if let newest = windows.values.map(\.close).max(),
           memory.windows.values.contains(where: { newest - $0.close >= TradedWindow.retention }) {
            memory.windows = memory.windows.filter { newest - $0.value.close < TradedWindow.retention }
        }
        return spanned
    }
}
