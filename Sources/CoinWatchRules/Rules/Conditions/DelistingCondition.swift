import CoinWatchSupport
/// `delisting`: the exchange announces the market's end, stops trading it or drops it from its list
/// (SPEC §14; event); with `resolve`, a market that trades again sends `resolved`.
struct DelistingCondition: TrueValuedKind {
    static let key = "delisting"
    static let summary = "the exchange announces the market's end, stops trading it or drops it from its list"
    static let resolvable = true
    static let sample = #"{"delisting": true}"#
    static let examples: [ConditionExample] = {
        let usdt = ExampleMarket("usdt"), krw = ExampleMarket("krw")
        return [
            ConditionExample(when: #"{"delisting": true}"#, price: 1, market: usdt.change(usdt.listed(), usdt.listed(ending: "BREAK")), holds: true),
            ConditionExample(when: #"{"delisting": true}"#, price: 1, market: krw.change(krw.listed(), nil), holds: true),
            ConditionExample(when: #"{"delisting": true}"#, price: 1, market: usdt.change(usdt.listed(ending: "BREAK"), usdt.listed()), holds: false),
        ]
    }()

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool {
        guard let change = Self.change(o) else { return false }
        return MarketChange.trades(change.before) && !MarketChange.trades(change.after)
    }

    /// A market that trades again: its ending gone, or back on the list it left.
    func clears(_ change: MarketChange) -> Bool {
        (change.restored || change.before != nil && !MarketChange.trades(change.before)) && MarketChange.trades(change.after)
    }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        guard let change = Self.change(o) else { return "no market list compared yet" }
        guard let after = change.after else { return "\(change.code) is not on \(change.exchange)'s list" }
        return after.ending.map { "\(change.code) is ending (\($0))" } ?? "\(change.code) trades"
    }

    /// `Upbit ends KRW-XYZ: delisting on 2025-08-01`, `Binance stops trading XYZUSDT (status BREAK)`,
    /// `Upbit no longer lists KRW-XYZ`; resolved: `Binance trades XYZUSDT again`.
    func message(_ change: MarketChange, resolved: Bool) -> String {
        let exchange = change.exchangeName
        if resolved { return "\(exchange) trades \(change.code) again" }
        guard let ending = change.after?.ending else { return "\(exchange) no longer lists \(change.code)" }
        if ending.first?.isNumber == true { return "\(exchange) ends \(change.code): delisting on \(ending)" }
        return "\(exchange) stops trading \(change.code) (status \(ending))"
    }
}
