import CoinWatchMarket
import CoinWatchRules
extension Backtest {
    /// Adds to `series` the histories of the coins a replay prices from others (SPEC §8), a ratio and the portfolio, made
    /// from their parts' histories as `DataPlan` says a live pass makes them (left out when a part has none).
    package static func addMade(to series: inout [String: Series], rules: RulesFile) {
        let plan = DataPlan(rules)
        for rule in plan.rules where rule.enabled {
            for coin in rule.coins where series[coin] == nil {
                let parts = rule.history(coin)
                guard parts != [coin] else { continue }
                let loaded = parts.compactMap { series[$0] }
                guard loaded.count == parts.count, !loaded.isEmpty else { continue }
                if coin == RuleCoin.portfolio {
                    let amounts = parts.map { part in rules.holdings.filter { $0.coin == part }.reduce(0) { $0 + $1.amount } }
                    series[coin] = made(loaded, template: Quote(providerID: RuleCoin.portfolio, symbol: "PORTFOLIO", name: "Portfolio",
                                                                vs: rules.vsCurrency, price: 0, provider: loaded[0].template.provider)) { prices in
                        zip(prices, amounts).reduce(0) { $0 + $1.0 * $1.1 }
                    }
                } else if loaded.count == 2 {
                    series[coin] = made(loaded, template: RuleRunner.ratio(loaded[0].template, loaded[1].template)) { $0[0] / $0[1] }
                }
            }
        }
    }

    /// A history of points at every time of any of `parts` where each has a price at or before it,
    /// priced by `value` from their latest prices.
    private static func made(_ parts: [Series], template: Quote, value: ([Double]) -> Double) -> Series {
        let times = Set(parts.flatMap(\.times)).sorted()
        var cursors = [Int](repeating: -1, count: parts.count)
        var points: [(time: Int64, price: Double)] = []
        for time in times {
            for (index, part) in parts.enumerated() {
                while cursors[index] + 1 < part.times.count, part.times[cursors[index] + 1] <= time { cursors[index] += 1 }
            }
            guard cursors.allSatisfy({ $0 >= 0 }) else { continue }
            let price = value(cursors.indices.map { parts[$0].prices[cursors[$0]] })
            if price.isFinite, price > 0 { points.append((time, price)) }
        }
        return Series(points: points, template: template)
    }
}
