import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
import CoinWatchEngine

/// `rules` rules spread evenly over `quotes` coins, evaluated by `RuleRunner` in the steady state
/// (every pair and price series already in state). Passes alternate between two price sets 0.1 %
/// apart: a quiet pass (prices fall back; nothing fires) and a firing pass (prices rise across
/// every `crosses_above` threshold: a sixth of the rules fire, each alert formatted in full).
struct RuleBench {
    /// Milliseconds of each timed pass, by kind, and the alerts a firing pass makes.
    struct Times {
        var quiet = Samples()
        var firing = Samples()
        var alerts = 0
    }

    let ruleCount: Int
    let runner: RuleRunner
    let passes: [[String: Quote]]
    /// With `mixed`: a third of the rules are indicator, compound or ratio rules, and each coin's readings.
    let mixed: Bool
    let readings: [String: IndicatorReadings]
    private(set) var state = StateDocument()
    private var now = 1_750_000_000.0
    private(set) var times = Times()

    /// The rules and both price sets, and two untimed passes that fill the state.
    init(quotes: Int, rules ruleCount: Int, mixed: Bool = false) {
        self.ruleCount = ruleCount
        self.mixed = mixed
        var file = RulesFile(path: "/dev/null")
        file.favorites = (1...quotes).map { "coin-\($0)" }
        file.rules = (0..<ruleCount).map { index in
            let coinIndex = index % quotes + 1
            let price = Self.price(coinIndex)
            let condition: Condition
            if mixed, index % 3 == 2 {
                switch index / 3 % 6 {
                case 0: condition = .rsiAbove(70, timeframe: .h1)
                case 1: condition = .priceAboveAverage(period: 50, timeframe: .h1)
                case 2: condition = .bollingerBelow(timeframe: .h1)
                case 3: condition = .maCrossesAbove(fast: 12, slow: 26, timeframe: .h1, average: .ema)
                case 4: condition = .all([.above(price * 1.05), .rsiBelow(30, timeframe: .h1)])
                default:
                    // A ratio coin priced from two quotes of the pass: this coin over the next one.
                    let other = coinIndex % quotes + 1
                    let ratio = price / Self.price(other)
                    return Rule(id: "r\(index)", coin: "coin-\(coinIndex)/coin-\(other)", condition: .crossesAbove(ratio * 1.0005))
                }
                return Rule(id: "r\(index)", coin: "coin-\(coinIndex)", condition: condition)
            }
            switch index % 6 {
            case 0: condition = .crossesAbove(price * 1.0005)
            case 1: condition = .above(price * 1.05)
            case 2: condition = .below(price * 0.95)
            case 3: condition = .crossesBelow(price * 0.9995)
            case 4: condition = .change24hAbove(15)
            default: condition = .change24hBelow(-15)
            }
            return Rule(id: "r\(index)", coin: "coin-\(coinIndex)", condition: condition)
        }
        runner = RuleRunner(rules: file)
        // Each coin's readings as the candles stage hands them over (built outside the timing,
        // as fetching is): 251 closed hourly candles around the coin's price.
        var readings: [String: IndicatorReadings] = [:]
        if mixed {
            // Each coin's own rules in a file of their own, so building the readings reads each rule once.
            var byCoin: [String: [Rule]] = [:]
            for rule in file.rules { byCoin[rule.coin, default: []].append(rule) }
            for coinIndex in 1...quotes {
                var own = file
                own.rules = byCoin["coin-\(coinIndex)"] ?? []
                let price = Self.price(coinIndex)
                let candles = (0..<251).map { hour -> Candle in
                    let close = price * (1 + 0.02 * Double((hour * 37 + coinIndex) % 11 - 5) / 5)
                    return Candle(openTime: Int64(hour) * 3_600_000, open: close, high: close, low: close, close: close, volume: 1)
                }
                readings["coin-\(coinIndex)"] = CandleFeed.readings(of: candles, rules: own, coin: "coin-\(coinIndex)")
            }
        }
        self.readings = readings
        passes = [1.0, 1.001].map { factor in
            var quotesByCoin: [String: Quote] = [:]
            for coinIndex in 1...quotes { quotesByCoin["coin-\(coinIndex)"] = Self.quote(coinIndex, factor: factor) }
            return quotesByCoin
        }
        for pass in passes {
            _ = runner.evaluate(pass, pairs: &state.pairs, prices: &state.prices, now: now, indicators: readings)
            now += 60
        }
    }

    /// One timed quiet pass, then one timed firing pass.
    mutating func timeRound() {
        for (kind, quotes) in passes.enumerated() {
            var alerts = 0
            let milliseconds = Samples.wall {
                alerts = runner.evaluate(quotes, pairs: &state.pairs, prices: &state.prices, now: now, indicators: readings).count
            }
            now += 60
            if kind == 0 {
                times.quiet.append(milliseconds)
            } else {
                times.firing.append(milliseconds)
                times.alerts = alerts
            }
        }
    }

    static func price(_ coinIndex: Int) -> Double { 0.5 + Double(coinIndex * 7919 % 100_000) / 37 }

    /// The quote of coin `coinIndex` (`coin-N`, CoinGecko's, in usd) at `price` × `factor`, its 24h change from -20 to 20 %.
    static func quote(_ coinIndex: Int, factor: Double = 1) -> Quote {
        Quote(providerID: "coin-\(coinIndex)", symbol: "C\(coinIndex)", name: "Coin \(coinIndex)", vs: "usd",
              price: price(coinIndex) * factor, change24h: Double(coinIndex % 41 - 20), provider: "coingecko")
    }
}
