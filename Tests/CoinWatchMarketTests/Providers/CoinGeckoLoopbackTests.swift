import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchTransport
@testable import CoinWatchMarket
@testable import CoinWatchState
@testable import CoinWatchEngine

/// CoinGecko through the real transport against a loopback server that replays the real
/// captures or fails in the ways the network does.
@Suite struct CoinGeckoLoopbackTests {
    private func fetch(_ reply: Reply, favorites: [String] = ["bitcoin"], timeout: Double = 5,
                       state: inout StateDocument, now: Double = 1_000) throws -> (QuoteFetcher.Outcome, LoopbackServer) {
        let server = try LoopbackServer { _ in reply }
        let config = ProviderConfig(name: .coingecko, baseURL: server.baseURL, cacheTTL: 60, timeout: timeout)
        let fetcher = QuoteFetcher(
            sources: [QuoteFetcher.Source(provider: CoinGecko(config: config, environment: [:]), config: config)],
            transport: CurlTransport())
        return (fetcher.fetch(favorites: favorites, vs: "usd", memory: &state.memory, now: now), server)
    }

    private func failure(_ reply: Reply, timeout: Double = 5) throws -> String {
        var state = StateDocument()
        let (outcome, _) = try fetch(reply, timeout: timeout, state: &state)
        #expect(outcome.quotes.isEmpty)
        #expect(outcome.missing == ["bitcoin"])
        #expect(outcome.failures.count == 1)
        return outcome.failures.first?.message ?? ""
    }

    @Test func twoHundredWithARealCaptureQuotesTheFavorites() throws {
        let body = try Fixtures.bytes("real/coingecko/coins-markets_vs-usd_top100_2023-01-08.json")
        var state = StateDocument()
        let (outcome, server) = try fetch(.bytes(body, contentType: "application/json"),
                                          favorites: ["bitcoin", "ethereum", "solana"], state: &state)
        #expect(outcome.failures.isEmpty)
        #expect(outcome.quotes["bitcoin"]?.price == 16951.52)
        #expect(outcome.quotes["ethereum"]?.symbol == "ETH")
        #expect(outcome.quotes["solana"]?.provider == "coingecko")
        #expect(outcome.requestCount == 1, "all favorites in one request")
        let request = try #require(server.requests.first)
        #expect(request.path == "/coins/markets")
        #expect(request.queryItem("ids") == "bitcoin,ethereum,solana")
        #expect(request.queryItem("vs_currency") == "usd")
        #expect(request.header("user-agent")?.hasPrefix("coinwatch/") == true)
        #expect(state.memory.quoteCache[QuoteFetcher.cacheKey(provider: "coingecko", vs: "usd", favorite: "bitcoin")] != nil)
    }

    @Test func notFoundNamesTheProviderAndStatus() throws {
        let message = try failure(.json(#"{"error":"Not Found"}"#, status: 404))
        #expect(message == "coingecko: API error: Not Found (HTTP 404)", "the API's own message and the status")
        #expect(message.contains("HTTP 404"))
    }

    @Test func rateLimitStoresTheBackoffAndSkipsTheNextPass() throws {
        let body = try String(contentsOfFile: Fixtures.url("real/coingecko/error-429_rate-limit_2023.json"), encoding: .utf8)
        var state = StateDocument()
        let (first, server) = try fetch(Reply.json(body, status: 429).header("Retry-After", "120"), state: &state, now: 1_000)
        #expect(first.failures.first?.message.contains("HTTP 429") == true)
        #expect(state.memory.backoff["coingecko"] == 1_120)
        let config = ProviderConfig(name: .coingecko, baseURL: server.baseURL)
        let fetcher = QuoteFetcher(sources: [.init(provider: CoinGecko(config: config, environment: [:]), config: config)],
                                   transport: CurlTransport())
        let second = fetcher.fetch(favorites: ["bitcoin"], vs: "usd", memory: &state.memory, now: 1_060)
        #expect(second.requestCount == 0, "skipped while backing off")
        #expect(server.requests.count == 1)
        #expect(second.failures == [.backingOff(provider: "coingecko", until: 1_120)])
    }

    @Test func rateLimitWithoutRetryAfterBacksOffSixtySeconds() throws {
        var state = StateDocument()
        _ = try fetch(.json(#"{"status":{"error_code":429}}"#, status: 429), state: &state, now: 5_000)
        #expect(state.memory.backoff["coingecko"] == 5_060)
    }

    @Test func serverErrorWithHTMLReadsAsOneLine() throws {
        let message = try failure(.html("<html>\n<head><title>500</title></head>\n<body><h1>Internal Server Error</h1></body></html>", status: 500))
        #expect(message.contains("HTTP 500"))
        #expect(message.contains("Internal Server Error"))
        #expect(!message.contains("\n"))
        #expect(!message.contains("<h1>"))
    }

    @Test func answerSlowerThanTheTimeoutTimesOut() throws {
        let message = try failure(Reply.json("[]").delayed(3), timeout: 0.3)
        #expect(message.contains("timed out"))
    }

    @Test func connectionClosedMidBodyIsAConnectionError() throws {
        let body = try Fixtures.bytes("real/coingecko/coins-markets_vs-usd_top100_2023-01-08.json")
        let message = try failure(Reply.bytes(body, contentType: "application/json").behaving(.closeMidBody))
        #expect(message.hasPrefix("coingecko: "))
        #expect(message.contains("connection"))
    }

    @Test func invalidJSONIsAnUnexpectedResponse() throws {
        let message = try failure(.json(#"[{"id": "bitcoin", "current_price": 1"#))
        #expect(message.hasPrefix("coingecko: unexpected response"))
    }

    /// The real capture with its `ath_date` made 30 February: no instant, so the answer is refused (Foundation's reader
    /// rolled it into 2 March), in the words a date that is no ISO-8601 text gets.
    @Test func aDateThatNamesNoInstantIsAnUnexpectedResponse() throws {
        let body = try String(contentsOfFile: Fixtures.url("real/coingecko/coins-markets_vs-usd_ids-bitcoin_2021-05-15.json"), encoding: .utf8)
        let message = try failure(.json(body.replacing("2021-04-14T11:54:46.763Z", with: "2021-02-30T11:54:46.763Z")))
        #expect(message == #"coingecko: unexpected response: [0].ath_date: expected an ISO-8601 date, got "2021-02-30T11:54:46.763Z""#)
    }

    @Test func refusedConnectionNamesTheHost() throws {
        let closed = try ClosedPort()
        let config = ProviderConfig(name: .coingecko, baseURL: "http://127.0.0.1:\(closed.port)")
        let fetcher = QuoteFetcher(sources: [.init(provider: CoinGecko(config: config, environment: [:]), config: config)],
                                   transport: CurlTransport())
        var state = StateDocument()
        let outcome = fetcher.fetch(favorites: ["bitcoin"], vs: "usd", memory: &state.memory, now: 0)
        #expect(outcome.failures.first?.message == "coingecko: 127.0.0.1:\(closed.port): connection refused")
    }

    @Test func apiKeyGoesInTheDemoHeaderAndNeverInTheURL() throws {
        let server = try LoopbackServer { _ in .json("[]") }
        let config = ProviderConfig(name: .coingecko, baseURL: server.baseURL, apiKeyEnv: "CG_KEY")
        let fetcher = QuoteFetcher(sources: [.init(provider: CoinGecko(config: config, environment: ["CG_KEY": "sekrit-123"]), config: config)],
                                   transport: CurlTransport())
        var state = StateDocument()
        _ = fetcher.fetch(favorites: ["bitcoin"], vs: "usd", memory: &state.memory, now: 0)
        let request = try #require(server.requests.first)
        #expect(request.header("x-cg-demo-api-key") == "sekrit-123")
        #expect(!request.target.contains("sekrit"))
    }
}
