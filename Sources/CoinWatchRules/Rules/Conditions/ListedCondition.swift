import CoinWatchSupport
/// `listed`: a market for the coin appears that was not on the exchange's previous list (SPEC §14; event).
struct ListedCondition: TrueValuedKind {
    var needs: ConditionNeeds { ConditionNeeds(marketLists: true, awaitsMarket: true) }
    static let key = "listed"
    static let summary = "the exchange lists a market for the coin that was not on its previous list"
    static let resolvable = false
    static let sample = #"{"listed": true}"#
    static let examples: [ConditionExample] = {
        let xyz = ExampleMarket("krw")
        return [
            ConditionExample(when: #"{"listed": true}"#, price: 1, market: xyz.change(nil, xyz.listed()), holds: true),
            ConditionExample(when: #"{"listed": true}"#, price: 1, market: xyz.change(xyz.listed(), xyz.listed()), holds: false),
        ]
    }()

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool {
        guard let change = Self.change(o) else { return false }
        return change.before == nil && change.after != nil
    }

    func clears(_ change: MarketChange) -> Bool { false }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        guard let change = Self.change(o) else { return "no market list compared yet" }
        switch (change.before != nil, change.after != nil) {
        case (false, true): return "\(change.code) is new on \(change.exchange)'s list"
        case (true, true): return "\(change.code) was already listed"
        default: return "\(change.code) is not listed"
        }
    }

    /// `Upbit lists KRW-XYZ (Xyz)`.
    func message(_ change: MarketChange, resolved: Bool) -> String {
        let name = change.after?.name.map { " (\($0))" } ?? ""
        return "\(change.exchangeName) lists \(change.code)\(name)"
    }
}
