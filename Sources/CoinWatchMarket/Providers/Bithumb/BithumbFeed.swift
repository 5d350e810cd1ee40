import CoinWatchTransport
import CoinWatchSupport
/// Bithumb's public WebSocket: `ticker` and `transaction` subscriptions, answered with string values
/// in `content`; it drops a connection idle for 120 s, so the client pings.
package struct BithumbFeed: ExchangeFeed {
    package var provider: ProviderName { .bithumb }
    package var marketsPerConnection: Int { 1000 }
    package var clientPingInterval: Double? { 60 }
    package var renewAfter: Double? { nil }
    package static let publicURL = "wss://pubwss.bithumb.com/pub/ws"

    package init() {}

    package func url(root: String?, markets: [String], traded: [String]) -> String { root ?? Self.publicURL }

    package func subscription(markets: [String], traded: [String]) -> [[UInt8]] {
        let symbols = markets.map(JSONOut.quote).joined(separator: ",")
        var messages = [#"{"type":"ticker","symbols":[\#(symbols)],"tickTypes":["24H"]}"#]
        if !traded.isEmpty { messages.append(#"{"type":"transaction","symbols":[\#(traded.map(JSONOut.quote).joined(separator: ","))]}"#) }
        return messages.map { Array($0.utf8) }
    }

    package func decode(_ bytes: UnsafeRawBufferPointer) -> FeedMessage {
        decodeMessage(bytes) { reader, ticks in
            var type: String?
            var status: String?
            var contentAt: Int?
            let ok = reader.members { reader, key in
                if reader.key(key, is: "type") { type = reader.plainString(); return type != nil }
                if reader.key(key, is: "status") {
                    if reader.next() == UInt8(ascii: "\"") { status = reader.plainString(); return status != nil }
                    status = "?"
                }
                if reader.key(key, is: "content") { contentAt = reader.index }
                return reader.skipValue()
            }
            guard ok else { return nil }
            guard let type else {
                guard let status else { return .unknown("bithumb: a feed message without a type") }
                // {"status":"0000","resmsg":"Connected Successfully"}; any other status is a request the server refused.
                return status == "0000" ? .ignored
                    : .unknown("bithumb: the feed answered with an error: \(BodySummary.oneLine(Array(reader.bytes), html: false, limit: 160))")
            }
            guard type == "ticker" || type == "transaction", let contentAt else {
                return unknownType(type)
            }
            let end = reader.index
            reader.index = contentAt
            let read = type == "ticker" ? Self.ticker(&reader, into: &ticks) : Self.transactions(&reader, into: &ticks)
            guard read else { return nil }
            reader.index = end
            return .ticks(ticks)
        }
    }

    /// `content` of a ticker: one price with its change.
    private static func ticker(_ reader: inout JSONTokenizer, into ticks: inout [FeedTick]) -> Bool {
        var symbol: String?
        var price: Double?
        var rate: Double?
        let ok = reader.members { reader, key in
            if reader.key(key, is: "symbol") { symbol = reader.plainString(); return symbol != nil }
            if reader.key(key, is: "closePrice") { price = reader.numberOrString(); return true }
            if reader.key(key, is: "chgRate") { rate = reader.numberOrString(); return true }
            return reader.skipValue()
        }
        if ok, let symbol, let price, price > 0 { ticks.append(FeedTick(market: symbol, price: price, change24h: rate)) }
        return ok
    }

    /// `content` of a transaction message: every fill of `list`, in order.
    private static func transactions(_ reader: inout JSONTokenizer, into ticks: inout [FeedTick]) -> Bool {
        reader.members { reader, key in
            guard reader.key(key, is: "list") else { return reader.skipValue() }
            return reader.elements { reader in
                var symbol: String?
                var price: Double?
                let ok = reader.members { reader, key in
                    if reader.key(key, is: "symbol") { symbol = reader.plainString(); return symbol != nil }
                    if reader.key(key, is: "contPrice") { price = reader.numberOrString(); return true }
                    return reader.skipValue()
                }
                if ok, let symbol, let price, price > 0 { ticks.append(FeedTick(market: symbol, price: price)) }
                return ok
            }
        }
    }
}
