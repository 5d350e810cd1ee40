import Foundation

/// What a `coinwatch stream` end-to-end test runs against: a loopback Binance REST API whose
/// BTCUSDT/ETHUSDT prices the test sets (the bridge and the first quote), a scripted
/// WebSocket server for the feed, a webhook receiver, and a folder with rules.json and state.
final class StreamRig: @unchecked Sendable {
    let rest: ReplayServer
    let feed: WebSocketServer
    let receiver: WebhookReceiver
    let folder: String
    /// The REST prices, shared with the server's route.
    private final class Prices: @unchecked Sendable {
        let lock = NSLock()
        var values: [String: Double] = ["BTCUSDT": 9000, "ETHUSDT": 300]
        /// Ticker answers given so far, and prices that take effect from a given answer on.
        var answers = 0
        var scheduled: [(from: Int, symbol: String, price: Double)] = []

        /// The prices of the next ticker answer.
        func next() -> [String: Double] {
            lock.withLock {
                answers += 1
                for change in scheduled where change.from == answers { values[change.symbol] = change.price }
                return values
            }
        }
    }
    private let prices = Prices()

    var rulesPath: String { folder + "/rules.json" }
    var statePath: String { folder + "/state.json" }
    var logPath: String { folder + "/alerts.jsonl" }

    /// Starts the servers; the feed runs `connections` (see ws_server.py).
    init(connections: [[WebSocketServer.Step]], tls: Bool = false, silent: Bool = false,
         routes: [String: ReplayServer.Route]? = nil) throws {
        let prices = self.prices
        rest = try ReplayServer(routes ?? [
            "/api/v3/exchangeInfo": { _ in Reply.json(Replays.exchangeInfo) },
            "/api/v3/ticker/24hr": { _ in
                let items = prices.next().sorted { $0.key < $1.key }.map { symbol, price in
                    #"{"symbol":"\#(symbol)","lastPrice":"\#(price)","priceChangePercent":"1.5","quoteVolume":"1000000","closeTime":1601357946166}"#
                }
                return Reply.json("[" + items.joined(separator: ",") + "]")
            },
        ])
        feed = try WebSocketServer(connections: connections, tls: tls, silent: silent)
        receiver = try WebhookReceiver()
        folder = NSTemporaryDirectory() + "stream-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// Sets the REST price of `symbol` for the next bridges.
    func setPrice(_ symbol: String, _ price: Double) { prices.lock.withLock { prices.values[symbol] = price } }

    /// Sets the REST price of `symbol` from the `answer`-th ticker answer on (1 is the first).
    func setPrice(_ symbol: String, _ price: Double, fromAnswer answer: Int) {
        prices.lock.withLock { prices.scheduled.append((answer, symbol, price)) }
    }

    /// Writes rules.json: binance (REST on the replay server, feed on `feed`), favorites
    /// BTC and ETH in usdt, `rules`, and sinks stdout, a file log and the receiver as a `json` webhook.
    func writeRules(_ rules: String, caFile: Bool = true, sinks: [String: String] = [:]) throws {
        let ca = feed.certificate.flatMap { caFile ? #", "ca_file": "\#($0)""# : nil } ?? ""
        try writeRules(provider: #"{"name": "binance", "base_url": "\#(rest.baseURL)", "ws_url": "\#(feed.url)", "timeout": "2s"\#(ca)}"#,
                       vs: "usdt", favorites: ["BTC", "ETH"], rules: rules, sinks: sinks)
    }

    /// Writes rules.json with this one provider entry, currency, favorites, rules and `interval`; `sinks` (name →
    /// its JSON) are defined beside the three and notified too.
    func writeRules(provider: String, vs: String, favorites: [String], rules: String, sinks: [String: String] = [:],
                    interval: String = "60s") throws {
        let extra = sinks.sorted { $0.key < $1.key }
        let text = """
        {
          "vs_currency": "\(vs)",
          "interval": "\(interval)",
          "providers": [\(provider)],
          "favorites": [\(favorites.map { "\"\($0)\"" }.joined(separator: ", "))],
          "defaults": {"notify": ["stdout", "log", "hook"\(extra.map { #", "\#($0.key)""# }.joined())]},
          "rules": [\(rules)],
          "sinks": {
            "log": {"type": "file", "path": "alerts.jsonl"},
            "hook": {"type": "webhook", "format": "json", "url": "\(receiver.url("/hook"))"}\(extra.map { #",\#n    "\#($0.key)": \#($0.value)"# }.joined())
          }
        }
        """
        try text.write(toFile: rulesPath, atomically: true, encoding: .utf8)
    }

    /// `coinwatch stream --json` running on the rig.
    func start(_ extra: [String] = [], environment: [String: String] = [:]) throws -> RunningBinary {
        try RunningBinary(["stream", "--json", "--rules", rulesPath, "--state", statePath] + extra,
                          environment: ["COINWATCH_RETRY_BACKOFF": "0"].merging(environment) { _, new in new })
    }

    /// A Binance combined-stream message: a miniTicker (`c`, opened at `open`) or an aggTrade (`p`).
    static func ticker(_ symbol: String, _ price: Double, open: Double = 9000) -> String {
        #"{"stream":"\#(symbol.lowercased())@miniTicker","data":{"e":"24hrMiniTicker","E":1601628771865,"s":"\#(symbol)","c":"\#(price)","o":"\#(open)","h":"0","l":"0","v":"1","q":"1"}}"#
    }

    static func trade(_ symbol: String, _ price: Double) -> String {
        #"{"stream":"\#(symbol.lowercased())@aggTrade","data":{"e":"aggTrade","E":1628952396573,"s":"\#(symbol)","a":1,"p":"\#(price)","q":"1","f":1,"l":1,"T":1628952396572,"m":true,"M":true}}"#
    }

    /// The alert records stdout carried so far.
    static func records(_ stdout: String) -> [[String: Any]] {
        stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }
}
