import CoinWatchEngine

import CoinWatchSupport
import CoinWatchMarket
/// The chart of `show --range` (SPEC §7): history from the store and, for what it lacks, from the card's
/// provider through the session's request path, drawn as wide as the terminal.
enum ShowChart {
    /// The range drawn when `show` is given no `--range` (SPEC §7).
    static let defaultRange = ChartRange.d7

    /// The points of `range` for the card's coin (closed candles only, or the provider's points);
    /// `-v` gets one line saying where they came from.
    static func load(_ range: ChartRange, quote: Quote, provider: ProviderName,
                     session: inout WatchSession) -> Result<HistoryLoader.Loaded, OneLineError> {
        let context = session.context
        let source = session.provider(provider)
        let store = HistoryStore.open(path: Paths.historyStore(environment: context.io.environment), now: session.now) { line in
            context.io.err("coinwatch: warning: \(line)\n")
        }
        let now = Int64((session.now * 1000).rounded())
        let loader = HistoryLoader(source: source, store: store)
        let fetched = loader.load(market: source.historyMarket(for: quote), vs: quote.vs, range: range, now: now,
                                  advice: "check the coin and --vs, or try another --range") { request in
            session.fetch(request, provider: source.name)
        }
        if let store { try? store.rollUp(now: now) }
        // Only closed candles: the forming one is no candle's close, and a chart from the store,
        // which never holds it, must be the same chart (SPEC §7).
        let result = fetched.map(\.closed)
        if case .success(let loaded) = result {
            if let warning = loaded.warning { context.io.err("coinwatch: warning: \(warning)\n") }
            if context.arguments.verbose { context.io.err(origin(of: loaded, range: range)) }
        }
        return result
    }

    /// `-v`'s line on where a history load's points came from: `coinwatch: history coingecko bitcoin usd … 7d: 12 from the store, …`.
    static func origin(of loaded: HistoryLoader.Loaded, range: ChartRange) -> String {
        let key = loaded.key
        return "coinwatch: history \(key.provider) \(key.coin) \(key.currency) \(key.timeframeTag) \(range.rawValue): "
            + "\(loaded.fromStore) from the store, \(loaded.fromNetwork) from the network (\(loaded.requests) requests)\n"
    }

    /// The chart as text: a heading with the change over the range, the plot (`height` rows), the time labels.
    static func text(_ points: [(time: Int64, price: Double)], range: ChartRange, vs: String, width: Int, color: ColorPolicy,
                     height: Int = 12) -> String {
        let chart = LineChart(points: points, width: width, height: height) { NumberText.money($0, vs: vs) }
        var heading = "\(range.rawValue) chart"
        if let first = points.first?.price, let last = points.last?.price, first != 0 {
            let change = (last - first) / first * 100
            heading += "  " + PriceCard.colored(NumberText.percent(change), change, color)
        }
        return ([heading] + chart.lines(color: color)).joined(separator: "\n") + "\n"
    }

    /// Draws the range's chart image (SPEC §12) and writes it to `path` (atomically) or, for `-`, to
    /// stdout; false after one stderr line when it cannot be drawn or written.
    static func writeImage(_ points: [(time: Int64, price: Double)], range: ChartRange, quote: Quote, to path: String, io: IO) -> Bool {
        switch ChartImage.png(points, symbol: quote.symbol, vs: quote.vs, range: range) {
        case .failure(let error):
            io.err("coinwatch: cannot draw the \(range.rawValue) chart: \(error.message)\n")
            return false
        case .success(let bytes) where path == "-":
            io.outBytes(bytes)
            return true
        case .success(let bytes):
            let failure: String
            switch POSIXFile.replace(path, with: bytes, mode: 0o644) {
            case nil: return true
            case .create(let detail, _)?: failure = "cannot create a file in \(POSIXFile.folder(of: path)): \(detail)"
            case .write(let detail, _)?, .rename(let detail, _)?: failure = detail
            }
            io.err("coinwatch: cannot write the chart to \(path): \(failure)\n")
            return false
        }
    }

    /// `COLUMNS` when it is a sensible width, else 80.
    static func width(_ environment: [String: String]) -> Int {
        guard let text = environment["COLUMNS"], let columns = Int(text), (20...1000).contains(columns) else { return 80 }
        return columns
    }
}
