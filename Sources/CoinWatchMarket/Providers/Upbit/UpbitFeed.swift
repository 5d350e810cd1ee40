import CoinWatchTransport
import CoinWatchSupport
/// Upbit's WebSocket: one `ticker` (and `trade`) subscription, frames in the DEFAULT or SIMPLE format,
/// with the `delisting_date` its REST ticker lacks (SPEC §14); it closes an idle connection, so the client pings.
package struct UpbitFeed: ExchangeFeed {
    package var provider: ProviderName { .upbit }
    package var marketsPerConnection: Int { 1000 }
    package var clientPingInterval: Double? { 60 }
    package var renewAfter: Double? { nil }
    package static let publicURL = "wss://api.upbit.com/websocket/v1"

    package init() {}

    package func url(root: String?, markets: [String], traded: [String]) -> String { root ?? Self.publicURL }

    package func subscription(markets: [String], traded: [String]) -> [[UInt8]] {
        let codes = markets.map(JSONOut.quote).joined(separator: ",")
        var parts = [#"{"ticket":"coinwatch-\#(Int.random(in: 100_000...999_999))"}"#,
                     #"{"type":"ticker","codes":[\#(codes)]}"#]
        if !traded.isEmpty { parts.append(#"{"type":"trade","codes":[\#(traded.map(JSONOut.quote).joined(separator: ","))]}"#) }
        parts.append(#"{"format":"SIMPLE"}"#)
        return [Array(("[" + parts.joined(separator: ",") + "]").utf8)]
    }

    package func decode(_ bytes: UnsafeRawBufferPointer) -> FeedMessage {
        decodeMessage(bytes) { reader, ticks in
            var type: String?
            var code: String?
            var price: Double?
            var rate: Double?
            var previousClose: Double?
            var status: Bool = false
            var refused = false
            var delisting: String?
            let ok = reader.members { reader, key in
                if reader.key(key, is: "type") || reader.key(key, is: "ty") { type = reader.plainString(); return type != nil }
                if reader.key(key, is: "code") || reader.key(key, is: "cd") { code = reader.plainString(); return code != nil }
                if reader.key(key, is: "trade_price") || reader.key(key, is: "tp") { price = reader.numberOrString(); return true }
                if reader.key(key, is: "signed_change_rate") || reader.key(key, is: "scr") { rate = reader.numberOrString(); return true }
                if reader.key(key, is: "prev_closing_price") || reader.key(key, is: "pcp") {
                    previousClose = reader.numberOrString()
                    return true
                }
                if reader.key(key, is: "delisting_date") || reader.key(key, is: "dd") {
                    if reader.next() == UInt8(ascii: "\"") { delisting = reader.plainString(); return delisting != nil }
                    return reader.skipValue()
                }
                if reader.key(key, is: "status") { status = true }
                if reader.key(key, is: "error") { refused = true }
                return reader.skipValue()
            }
            guard ok else { return nil }
            switch type {
            case "ticker"?, "trade"?:
                guard let code, let price, price > 0 else { return .ignored }
                let change = rate.map { $0 * 100 } ?? previousClose.flatMap { $0 > 0 ? (price / $0 - 1) * 100 : nil }
                let ending = delisting.map { TerminalText.clean($0) }.flatMap { $0.isEmpty ? nil : String($0.prefix(32)) }
                ticks.append(FeedTick(market: code, price: price, change24h: change, delistingDate: ending))
                return .ticks(ticks)
            case nil where refused:
                // {"error":{"name":"INVALID_PARAM","message":"…"}}: a request the server refused, one line with its words.
                return .unknown("upbit: the feed answered with an error: \(BodySummary.oneLine(Array(reader.bytes), html: false, limit: 160))")
            case nil where status:
                return .ignored   // {"status":"UP"}
            default:
                return unknownType(type)
            }
        }
    }
}
