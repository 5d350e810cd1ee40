import Foundation
import Testing

/// CoinGecko `/coins/markets` captures, as the tests need them.
enum MarketCaptures {
    static let gecko = "real/coingecko/"

    /// A real `/coins/markets` capture with `sparkline_in_7d` added to each element (no real capture
    /// with a sparkline exists; see Fixtures/real/SOURCES.md).
    static func withSparkline(_ file: String, _ lines: [[Any]]) throws -> [UInt8] {
        var markets = try #require(try JSONSerialization.jsonObject(with: Data(Fixtures.bytes(gecko + file))) as? [[String: Any]])
        for index in markets.indices where index < lines.count {
            markets[index]["sparkline_in_7d"] = ["price": lines[index]]
        }
        return [UInt8](try JSONSerialization.data(withJSONObject: markets))
    }
}
