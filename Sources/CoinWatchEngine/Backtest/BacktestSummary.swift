import CoinWatchRules
import CoinWatchState
/// What a backtest's alerts add up to, per (rule, coin) pair (SPEC §8).
package struct BacktestSummary: Sendable, Equatable {
    package struct Row: Sendable, Equatable {
        package var rule: String
        package var coin: String
        package var resolved = 0
        package var perDay: Double = 0
        /// The longest span in seconds between the start, the fires and the end.
        package var longestQuiet: Double = 0
        /// The times of the `firing` alerts, oldest first (for the timeline).
        package var fires: [Double] = []
        /// How many `firing` alerts it made.
        package var fired: Int { fires.count }
        /// Seconds since 1970 of the first and last `firing` alert.
        package var first: Double? { fires.first }
        package var last: Double? { fires.last }
    }

    package var rows: [Row]

    /// What a summary reads of an alert.
    package struct Fire: Sendable, Equatable {
        package var rule: String
        package var coin: String
        package var status: Alert.Status
        /// Seconds since 1970.
        package var time: Double
    }

    /// One row per (rule, coin) pair of `rules` that the replay had a coin for, in rules.json's order.
    package init(fires alerts: [Fire], rules: RulesFile, coins: Set<String>, from: Double, to: Double) {
        var byPair: [String: Row] = [:]
        var order: [String] = []
        for rule in rules.rules where rule.enabled {
            for coin in rules.pairCoins(of: rule) where coins.contains(coin) {
                let key = StateDocument.pairKey(rule: rule.id, coin: coin)
                guard byPair[key] == nil else { continue }
                byPair[key] = Row(rule: rule.id, coin: coin)
                order.append(key)
            }
        }
        for alert in alerts {
            let key = StateDocument.pairKey(rule: alert.rule, coin: alert.coin)
            guard var row = byPair[key] else { continue }
            if alert.status == .resolved {
                row.resolved += 1
            } else {
                row.fires.append(alert.time)
            }
            byPair[key] = row
        }
        let days = max(to - from, 1) / 86_400
        rows = order.compactMap { key in
            guard var row = byPair[key] else { return nil }
            row.perDay = Double(row.fired) / days
            var previous = from
            for time in row.fires + [to] {
                row.longestQuiet = max(row.longestQuiet, time - previous)
                previous = time
            }
            return row
        }
    }

    /// The most fires a day of any of `rule`'s pairs.
    package func perDay(rule: String) -> Double {
        rows.filter { $0.rule == rule }.map(\.perDay).max() ?? 0
    }
}

/// The smallest `cooldown` or `rearm` from a short list that brings a rule firing more than
/// `limit` times a day to at most `limit`, found by replaying that rule alone with the setting.
package enum BacktestTuning {
    /// Fires a day above which a rule gets a suggestion.
    package static let limit: Double = 4
    /// Cooldowns tried, seconds.
    package static let cooldowns: [Double] = [900, 1_800, 3_600, 7_200, 14_400, 21_600, 43_200, 86_400]
    /// Rearm distances tried, percent.
    package static let rearms: [Double] = [0.5, 1, 2, 5]

    package struct Suggestion: Sendable {
        package var rule: String
        package var perDay: Double
        /// The smallest cooldown (seconds) that brings it to `limit`, and the rate it gives.
        package var cooldown: (seconds: Double, perDay: Double)?
        /// The smallest rearm (percent), where the condition takes one.
        package var rearm: (percent: Double, perDay: Double)?
    }

    /// A suggestion for each rule of `backtest` whose pairs fire more than `limit` times a day.
    package static func suggestions(_ backtest: Backtest, summary: BacktestSummary) -> [Suggestion] {
        var out: [Suggestion] = []
        for rule in backtest.rules.rules where rule.enabled {
            let rate = summary.perDay(rule: rule.id)
            guard rate > limit else { continue }
            var suggestion = Suggestion(rule: rule.id, perDay: rate)
            suggestion.cooldown = smallest(cooldowns, of: rule, backtest) { $0.cooldown = $1 }.map { (seconds: $0.value, perDay: $0.perDay) }
            if RulesValidator.rearmKinds.contains(rule.condition.key) {
                let tried = rearms.filter { $0 > (rule.rearm ?? 0) }
                suggestion.rearm = smallest(tried, of: rule, backtest) { $0.rearm = $1 }.map { (percent: $0.value, perDay: $0.perDay) }
            }
            out.append(suggestion)
        }
        return out
    }

    /// The first of `values` that, set on a rule by `apply`, replays it to at most `limit` a day, with that rate.
    static func smallest(_ values: [Double], of rule: Rule, _ backtest: Backtest,
                         apply: (inout Rule, Double) -> Void) -> (value: Double, perDay: Double)? {
        for value in values {
            var changed = rule
            apply(&changed, value)
            let replayed = replay(backtest, rule: changed)
            if replayed <= limit { return (value, replayed) }
        }
        return nil
    }

    /// The most fires a day of `rule`'s pairs when it alone is replayed over `backtest`'s span.
    static func replay(_ backtest: Backtest, rule: Rule) -> Double {
        var alone = backtest
        alone.rules.rules = [rule]
        return BacktestSummary(fires: alone.replay().fires, rules: alone.rules, coins: Set(backtest.series.keys),
                               from: backtest.from, to: backtest.to).perDay(rule: rule.id)
    }
}
