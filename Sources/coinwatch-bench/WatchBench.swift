import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
import CoinWatchEngine
import CoinWatchCLI

/// `coinwatch-bench --watch [FAVORITES] [FRAMES]`: the live `watch` view's CPU cost for `make bench`
/// (issue 19): a watchlist of `favorites` coins, each with two rules, a `"*"` rule, a week of
/// hourly prices (the sparkline) and a holding on every other coin, drawn on a 200×120 terminal
/// in color. Times `frames` redraws from the table (a key or a resize) and as many table builds
/// plus a redraw (a refresh, after the fetch), in CPU time of the process. Prints one JSON line.
enum WatchBench {
    static func run(favorites count: Int, frames: Int) {
        let now = 1_750_000_000.0
        var rules = RulesFile(path: "/dev/null")
        rules.favorites = (1...count).map { "coin-\($0)" }
        rules.rules = (1...count).flatMap { index -> [Rule] in
            let price = RuleBench.price(index)
            return [Rule(id: "up-\(index)", coin: "coin-\(index)", condition: .above(price * 1.05)),
                    Rule(id: "down-\(index)", coin: "coin-\(index)", condition: .below(price * 0.95))]
        } + [Rule(id: "mover", coin: "*", condition: .change24hAbove(15))]
        rules.holdings = stride(from: 1, through: count, by: 2).map { Holding(coin: "coin-\($0)", amount: 1.5, price: 1) }
        var quotes: [String: Quote] = [:]
        var state = StateDocument()
        for index in 1...count {
            let coin = "coin-\(index)", price = RuleBench.price(index)
            quotes[coin] = RuleBench.quote(index)
            let week = (0..<168).map { hour in
                PricePoint(time: now - Double(168 - hour) * 3_600, price: price * (1 + 0.01 * Double((hour * 7 + index) % 9 - 4)))
            }
            state.prices[StateDocument.priceKey(coin: coin, vs: "usd")] = PriceSeries(firstSeen: now - 8 * 86_400, points: week)
        }
        let runner = RuleRunner(rules: rules)
        _ = runner.evaluate(quotes, pairs: &state.pairs, prices: &state.prices, now: now, indicators: [:])
        let screen = WatchScreen(rules: rules, quotes: quotes, state: state, now: now)
        var bytes = 0
        let redraw = cpuMilliseconds(frames) { bytes = screen.frame(columns: 200, rows: 120, color: true).utf8.count }
        let refresh = cpuMilliseconds(frames) {
            _ = WatchScreen(rules: rules, quotes: quotes, state: state, now: now).frame(columns: 200, rows: 120, color: true)
        }
        print("{\"favorites\":\(count),\"frames\":\(frames),\"frame_bytes\":\(bytes),"
            + "\"redraw_cpu_ms\":\(redraw.median),\"redraw_cpu_max_ms\":\(redraw.max),"
            + "\"refresh_cpu_ms\":\(refresh.median),\"refresh_cpu_max_ms\":\(refresh.max)}")
    }

    /// The CPU milliseconds (this process, all threads) of `times` runs of `body`.
    private static func cpuMilliseconds(_ times: Int, _ body: () -> Void) -> Samples {
        var samples = Samples()
        for _ in 0..<max(1, times) {
            let start = Samples.cpu()
            body()
            samples.append(Samples.cpu() - start)
        }
        return samples
    }
}
