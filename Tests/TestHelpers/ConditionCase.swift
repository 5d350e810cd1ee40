@testable import CoinWatchMarket
@testable import CoinWatchRules
import Testing

/// One row of a condition table: a condition, what the pass sees, and whether it must hold.
struct ConditionCase: Sendable, CustomTestStringConvertible {
    var name: String
    var condition: Condition
    var price: Double
    var previous: Double? = nil
    var change: Double? = nil
    var marks: Marks = Marks()
    var points: [PricePoint] = []
    var firstSeen: Double? = nil
    var wasFiring = false
    var rearm: Double? = nil
    var holds: Bool

    /// The provider's own highs and lows.
    struct Marks: Sendable {
        var high24h: Double?, low24h: Double?, high52w: Double?, low52w: Double?, ath: Double?, atl: Double?
        init(high24h: Double? = nil, low24h: Double? = nil, high52w: Double? = nil, low52w: Double? = nil,
             ath: Double? = nil, atl: Double? = nil) {
            self.high24h = high24h
            self.low24h = low24h
            self.high52w = high52w
            self.low52w = low52w
            self.ath = ath
            self.atl = atl
        }
    }

    static let now: Double = 1_800_000_000

    var testDescription: String { name }

    var quote: Quote {
        Quote(providerID: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd", price: price, change24h: change,
              high24h: marks.high24h, low24h: marks.low24h, high52w: marks.high52w, low52w: marks.low52w,
              ath: marks.ath, atl: marks.atl, provider: "test")
    }

    var series: PriceSeries? {
        guard let first = firstSeen ?? points.first?.time else { return nil }
        return PriceSeries(firstSeen: first, points: points)
    }

    /// Points `ago` seconds before `now` with price `p`.
    static func ago(_ pairs: (Double, Double)...) -> [PricePoint] {
        pairs.map { PricePoint(time: now - $0.0, price: $0.1) }
    }
}
