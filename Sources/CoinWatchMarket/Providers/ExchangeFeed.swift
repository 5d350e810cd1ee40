import CoinWatchTransport
import CoinWatchSupport
/// One price an exchange's WebSocket feed reported (a ticker update or a trade).
package struct FeedTick: Sendable, Equatable {
    /// The exchange's market code, as its REST API writes it (`BTCUSDT`, `KRW-BTC`, `BTC_KRW`).
    package var market: String
    /// The price, in the market's quote currency.
    package var price: Double
    /// The change in percent the exchange reports with it (tickers; Upbit trades), if any.
    package var change24h: Double?
    /// The date the exchange ends the market, where its ticker announces one (Upbit's
    /// `delisting_date`, SPEC §14); nil: none announced.
    package var delistingDate: String?
}

/// What one feed message said.
package enum FeedMessage: Sendable, Equatable {
    /// Prices, in the order the exchange listed them (a trade burst: several of one market).
    case ticks([FeedTick])
    /// A message that carries no price: a subscription answer, a status line.
    case ignored
    /// A message that could not be understood; the text says why (one log line).
    case unknown(String)
}

/// An exchange's WebSocket feed (SPEC §9): where to connect, what to subscribe, and how to
/// read its messages. One file in each exchange's folder (`MarketProvider.feed`).
package protocol ExchangeFeed: Sendable {
    /// The provider it belongs to.
    var provider: ProviderName { get }
    /// The most markets one connection carries.
    var marketsPerConnection: Int { get }
    /// Seconds between client pings (nil: the server pings and we answer).
    var clientPingInterval: Double? { get }
    /// Seconds after which a connection is renewed before the exchange ends it (nil: never).
    var renewAfter: Double? { get }
    /// The URL to connect to for `markets`, under `root` (the provider's `ws_url`, else the public one);
    /// `traded`: those of `markets` whose every trade is wanted too.
    func url(root: String?, markets: [String], traded: [String]) -> String
    /// The messages to send once connected.
    func subscription(markets: [String], traded: [String]) -> [[UInt8]]
    /// Reads one message (text or binary).
    func decode(_ bytes: UnsafeRawBufferPointer) -> FeedMessage
}

extension ExchangeFeed {
    /// Runs `read` over `bytes`; a message it cannot read is `.unknown`, one reason whatever its size (logged once).
    func decodeMessage(_ bytes: UnsafeRawBufferPointer, _ read: (inout JSONTokenizer, inout [FeedTick]) -> FeedMessage?) -> FeedMessage {
        let buffer = bytes.bindMemory(to: UInt8.self)
        var reader = JSONTokenizer(buffer)
        var ticks: [FeedTick] = []
        guard let message = read(&reader, &ticks), reader.atEnd() else {
            return .unknown("\(provider.rawValue): a feed message that is not the JSON expected")
        }
        return message
    }

    /// `.unknown` for a message of a `type` coinwatch does not read ("none" when it has none).
    func unknownType(_ type: String?) -> FeedMessage {
        let shown = BodySummary.oneLine(Array((type ?? "none").utf8), html: false, limit: 40)
        return .unknown("\(provider.rawValue): a feed message of unknown type '\(shown)'")
    }
}
