import CoinWatchSupport
extension RulesValidator {
    static let holdingKeys = ["coin", "amount", "price", "date"]

    /// `holdings`: lots `{"coin", "amount" > 0, "price" ≥ 0, "date"?}`, coins matched to the favorites
    /// ignoring case; a coin that is not a favorite is returned in `watched` (SPEC §2).
    mutating func validateHoldings(_ node: JSONNode, path: String) -> (lots: [Holding], watched: [String]) {
        guard let elements = array(node, path: path, of: "lot objects") else { return ([], []) }
        var lots: [Holding] = []
        var watched: [String] = []
        let shape = #"a lot object like {"coin": "bitcoin", "amount": 0.5, "price": 30000}"#
        for (index, element) in elements.enumerated() {
            let lotPath = JSONPath.element(path, index)
            guard let fields = object(element, path: lotPath, allowed: Self.holdingKeys, expected: shape) else { continue }
            var coin: String?
            if let coinNode = fields["coin"], let text = string(coinNode, path: JSONPath.child(lotPath, "coin")) {
                if text.value.allSatisfy(\.isWhitespace) || RuleCoin.reservedMeaning(text.value) != nil
                    || text.value.contains("/") {
                    error("a lot's coin must be one coin (a favorite, or a coin id, symbol or name), not \(text.shown)",
                          at: coinNode, path: JSONPath.child(lotPath, "coin"))
                } else if !plainCoin(text.value, what: "a lot's coin", at: coinNode, path: { JSONPath.child(lotPath, "coin") }) {
                    // Reported; the lot's amount and price are still checked.
                } else if let favorite = favoriteByKey[text.value.lowercased()] {
                    coin = favorite
                } else if let known = watched.first(where: { $0.lowercased() == text.value.lowercased() }) {
                    coin = known
                } else {
                    coin = text.value
                    watched.append(text.value)
                }
            } else if fields["coin"] == nil {
                error("a lot needs a coin, e.g. \"coin\": \"bitcoin\"", at: element, path: lotPath)
            }
            let amount = lotNumber(fields["amount"], name: "amount", lot: element, path: lotPath, positive: true)
            let price = lotNumber(fields["price"], name: "price", lot: element, path: lotPath, positive: false)
            var date: String?
            if let dateNode = fields["date"], let text = string(dateNode, path: JSONPath.child(lotPath, "date")) {
                if DateTimeParser.parse(text.value) == nil {
                    error("\(text.shown) is not a date; write it like \"2024-03-01\"", at: dateNode, path: JSONPath.child(lotPath, "date"))
                } else {
                    date = text.value
                }
            }
            if let coin, let amount, let price { lots.append(Holding(coin: coin, amount: amount, price: price, date: date)) }
        }
        return (lots, watched)
    }

    /// The largest `amount` or `price` of a lot: 1e20, so a position's value and cost stay finite numbers.
    static let largestLotNumber = 1e20

    /// A lot's `amount` (> 0) or `price` (≥ 0, the unit cost): required, at most `largestLotNumber`.
    private mutating func lotNumber(_ node: JSONNode?, name: String, lot: JSONNode, path: String, positive: Bool) -> Double? {
        let fieldPath = JSONPath.child(path, name)
        guard let node else {
            error(name == "amount" ? "a lot needs an amount, the units held (e.g. 0.5)"
                                   : "a lot needs a price, the unit cost in vs_currency (e.g. 30000)", at: lot, path: path)
            return nil
        }
        guard let value = number(node, path: fieldPath) else { return nil }
        guard value.isFinite, positive ? value > 0 : value >= 0, value <= Self.largestLotNumber else {
            error("\(name) must be a number \(positive ? "above 0" : "of 0 or more") and at most 1e20, got \(NumberText.plain(value))",
                  at: node, path: fieldPath)
            return nil
        }
        return value
    }
}
