/// One lot of `holdings` in rules.json (SPEC §2): an amount of a coin bought at a unit cost.
package struct Holding: Sendable, Equatable {
    /// The coin as a favorite is written (a held coin that is not a favorite is watched as one).
    package var coin: String
    /// How much of the coin, > 0.
    package var amount: Double
    /// The unit cost in `vs_currency`, ≥ 0.
    package var price: Double
    /// When it was bought (`2024-03-01`), as written; informational.
    package var date: String?

    package init(coin: String, amount: Double, price: Double, date: String? = nil) {
        self.coin = coin
        self.amount = amount
        self.price = price
        self.date = date
    }
}

/// A coin's lots added up: the amount held and what it cost in `vs_currency`.
package struct Position: Sendable, Equatable {
    /// Units held.
    package var amount: Double
    /// Total cost, in `vs_currency`.
    package var cost: Double

    package init(amount: Double, cost: Double) {
        self.amount = amount
        self.cost = cost
    }

    /// The lots of `holdings` added up per coin (as written in the lots).
    package static func positions(_ holdings: [Holding]) -> [String: Position] {
        var result: [String: Position] = [:]
        for lot in holdings {
            result[lot.coin, default: Position(amount: 0, cost: 0)].amount += lot.amount
            result[lot.coin, default: Position(amount: 0, cost: 0)].cost += lot.amount * lot.price
        }
        return result
    }
}
