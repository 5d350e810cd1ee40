import Foundation
import Synchronization

/// A loopback API that answers by path (query ignored) with replies built per request, usually the
/// bytes of a real capture as is; scripted replies go first, in order; any other path is 404.
/// Routes are given at the start and may be added or replaced later (`route`).
final class ReplayServer: Sendable {
    typealias Route = @Sendable (RecordedRequest) -> Reply

    /// The routes, and the replies waiting to be sent before the routes answer again.
    private final class Script: Sendable {
        let queue = Mutex<[Reply]>([])
        let routes: Mutex<[String: Route]>
        init(_ routes: [String: Route]) { self.routes = Mutex(routes) }
    }

    private let server: LoopbackServer
    private let script: Script

    init(_ routes: [String: Route] = [:]) throws {
        let script = Script(routes)
        self.script = script
        server = try LoopbackServer { request in
            if let next = script.queue.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return next }
            return script.routes.withLock { $0[request.path] }?(request) ?? .notFound
        }
    }

    deinit { server.stop() }

    /// Answers requests for `path` with `reply` from now on.
    func route(_ path: String, _ reply: Reply) {
        script.routes.withLock { $0[path] = { _ in reply } }
    }

    /// Answers requests for `path` with the capture at `Fixtures/<fixture>` from now on.
    func route(_ path: String, fixture: String) throws {
        route(path, .bytes(try Fixtures.bytes(fixture), contentType: "application/json"))
    }

    /// `http://127.0.0.1:PORT`.
    var baseURL: String { server.baseURL }

    /// Answers the next requests with these replies, then by route again.
    func script(_ replies: Reply...) {
        script.queue.withLock { $0 += replies }
    }

    /// Requests received for `path`, in order.
    func requests(_ path: String) -> [RecordedRequest] { server.requests.filter { $0.path == path } }

    /// Every request received.
    var requests: [RecordedRequest] { server.requests }

    /// The most connections open at once.
    var maxConcurrent: Int { server.maxConcurrent }

    /// The bytes of `Fixtures/<relative>` as a JSON reply, unchanged.
    static func capture(_ relative: String, status: Int = 200) -> Reply {
        let bytes = (try? Fixtures.bytes(relative)) ?? Array("missing fixture \(relative)".utf8)
        return .bytes(bytes, status: status, contentType: "application/json")
    }
}

/// The providers' loopback APIs, replaying the real captures of `Fixtures/real`.
enum Replays {
    /// CoinPaprika `/tickers`: the one-ticker capture's bytes inside `[` `]` (SOURCES.md: no list capture exists).
    static func coinPaprika() throws -> ReplayServer {
        let element = try Fixtures.bytes("real/coinpaprika/tickers_btc-bitcoin_quotes-USD_2022-04-19.json")
        let list = Array("[".utf8) + element + Array("]".utf8)
        return try ReplayServer(["/tickers": { _ in .bytes(list, contentType: "application/json") }])
    }

    /// Bithumb `/public/ticker/ALL_KRW`: the trimmed BTC + ETH capture.
    static func bithumb() throws -> ReplayServer {
        try ReplayServer(["/public/ticker/ALL_KRW": { _ in ReplayServer.capture("real/bithumb/ticker_ALL_KRW_TRIMMED-2-coins_2022-02-24.json") }])
    }

    /// Upbit `/market/all` and `/ticker`; like Upbit, `/ticker` fails the whole call with 404 when one
    /// market is unknown (the capture holds KRW-BTC and KRW-ETH).
    static func upbit(prefix: String = "") throws -> ReplayServer {
        try ReplayServer(upbitRoutes(prefix: prefix))
    }

    static func upbitRoutes(prefix: String = "", listingDelay: Double = 0) -> [String: ReplayServer.Route] {
        [
            prefix + "/market/all": { _ in ReplayServer.capture("real/upbit/market-all_isDetails-true_2025-07-27.json").delayed(listingDelay) },
            prefix + "/ticker": { request in
                let asked = Set((request.queryItem("markets") ?? "").split(separator: ",").map(String.init))
                guard !asked.isEmpty, asked.isSubset(of: ["KRW-BTC", "KRW-ETH"]) else {
                    return .json(#"{"error":{"name":404,"message":"Code not found"}}"#, status: 404)
                }
                return ReplayServer.capture("real/upbit/ticker_markets-KRW-BTC,KRW-ETH_2025-07-30.json")
            },
        ]
    }

    /// A hand-written `/api/v3/exchangeInfo` in Binance's shape (no capture exists): BTCUSDT and ETHUSDT
    /// trading, and BCCUSDT, which the ticker capture shows delisted with zero prices, marked trading.
    static let exchangeInfo = #"{"timezone":"UTC","serverTime":1601357946166,"symbols":[{"symbol":"BTCUSDT","status":"TRADING","baseAsset":"BTC","quoteAsset":"USDT"},{"symbol":"ETHUSDT","status":"TRADING","baseAsset":"ETH","quoteAsset":"USDT"},{"symbol":"BCCUSDT","status":"TRADING","baseAsset":"BCC","quoteAsset":"USDT"},{"symbol":"ETHBTC","status":"TRADING","baseAsset":"ETH","quoteAsset":"BTC"}]}"#

    /// Binance `/api/v3/exchangeInfo` (above) and `/api/v3/ticker/24hr` (the all-symbols capture, as is).
    static func binance(prefix: String = "") throws -> ReplayServer {
        try ReplayServer(binanceRoutes(prefix: prefix))
    }

    static func binanceRoutes(prefix: String = "", listingDelay: Double = 0) -> [String: ReplayServer.Route] {
        [
            prefix + "/api/v3/exchangeInfo": { _ in Reply.json(exchangeInfo).delayed(listingDelay) },
            prefix + "/api/v3/ticker/24hr": { _ in ReplayServer.capture("real/binance/ticker-24hr_all-symbols_2020-09-29.json") },
        ]
    }
}

/// rules.json for runs against several loopback providers.
enum ProviderRules {
    /// A document with these providers (name → base URL, in order), each with `cacheTTL`.
    static func make(_ providers: [(String, String)], vs: String, favorites: [String], rules: String,
                     cacheTTL: String = "0s") -> String {
        let list = providers.map { name, base in
            #"{"name": "\#(name)", "base_url": "\#(base)", "cache_ttl": "\#(cacheTTL)", "timeout": "5s"}"#
        }
        return """
        {
          "vs_currency": "\(vs)",
          "providers": [\(list.joined(separator: ", "))],
          "favorites": [\(favorites.map { "\"\($0)\"" }.joined(separator: ", "))],
          "defaults": {"notify": ["stdout"]},
          "rules": [\(rules)]
        }
        """
    }
}
