import CoinWatchTransport
import CoinWatchSupport
/// Binance's combined streams (`/stream?streams=btcusdt@miniTicker/btcusdt@aggTrade`): `{"stream": …,
/// "data": event}`, or a raw stream's bare events; the server pings, and a connection lives at most 24 h.
package struct BinanceFeed: ExchangeFeed {
    package var provider: ProviderName { .binance }
    /// Binance allows 1024 streams per connection; two per market, kept well under it.
    package var marketsPerConnection: Int { 200 }
    package var clientPingInterval: Double? { nil }
    /// Renewed after 23 h (Binance ends a connection at 24 h).
    package var renewAfter: Double? { 23 * 3600 }
    package static let publicRoot = "wss://stream.binance.com:9443"

    package init() {}

    package func url(root: String?, markets: [String], traded: [String]) -> String {
        var base = root ?? Self.publicRoot
        while base.hasSuffix("/") { base.removeLast() }
        let streams = markets.flatMap { market -> [String] in
            let name = market.lowercased()
            return traded.contains(market) ? [name + "@miniTicker", name + "@aggTrade"] : [name + "@miniTicker"]
        }
        return base + "/stream?streams=" + streams.joined(separator: "/")
    }

    /// Nothing: the streams are named in the URL.
    package func subscription(markets: [String], traded: [String]) -> [[UInt8]] { [] }

    package func decode(_ bytes: UnsafeRawBufferPointer) -> FeedMessage {
        decodeMessage(bytes) { reader, ticks in
            if reader.next() == UInt8(ascii: "[") {
                return events(&reader, into: &ticks)
            }
            var result: FeedMessage? = .unknown("binance: a feed message with neither data nor a subscription answer")
            let ok = reader.members { reader, key in
                if reader.key(key, is: "result") || reader.key(key, is: "id"), result != nil, case .unknown? = result {
                    result = .ignored   // {"result":null,"id":1}, the answer to a SUBSCRIBE
                }
                if reader.key(key, is: "data") {
                    result = events(&reader, into: &ticks)
                    return result != nil
                }
                if reader.key(key, is: "e") {
                    // A raw stream: the event itself. Read it again from its start.
                    return false
                }
                return reader.skipValue()
            }
            if !ok {
                reader.index = 0
                return events(&reader, into: &ticks)
            }
            return result
        }
    }

    /// One event object or an array of them; `.unknown` for an event type that carries no price
    /// coinwatch reads, nil when malformed.
    private func events(_ reader: inout JSONTokenizer, into ticks: inout [FeedTick]) -> FeedMessage? {
        var unknown: FeedMessage?
        func one(_ reader: inout JSONTokenizer) -> Bool {
            var type: String?
            var symbol: String?
            var close: Double?
            var open: Double?
            var trade: Double?
            let ok = reader.members { reader, key in
                if reader.key(key, is: "e") { type = reader.plainString(); return type != nil }
                if reader.key(key, is: "s") { symbol = reader.plainString(); return symbol != nil }
                if reader.key(key, is: "c") { close = reader.numberOrString(); return true }
                if reader.key(key, is: "o") { open = reader.numberOrString(); return true }
                if reader.key(key, is: "p") { trade = reader.numberOrString(); return true }
                return reader.skipValue()
            }
            guard ok else { return false }
            switch type {
            case "24hrMiniTicker"?, "24hrTicker"?:
                if let symbol, let close, close > 0 {
                    let change = open.flatMap { $0 > 0 ? (close / $0 - 1) * 100 : nil }
                    ticks.append(FeedTick(market: symbol, price: close, change24h: change))
                }
            case "aggTrade"?, "trade"?:
                if let symbol, let trade, trade > 0 { ticks.append(FeedTick(market: symbol, price: trade)) }
            default:
                unknown = unknownType(type)
            }
            return true
        }
        if reader.next() == UInt8(ascii: "[") {
            guard reader.elements(one) else { return nil }
        } else {
            guard one(&reader) else { return nil }
        }
        if ticks.isEmpty, let unknown { return unknown }
        return .ticks(ticks)
    }
}
