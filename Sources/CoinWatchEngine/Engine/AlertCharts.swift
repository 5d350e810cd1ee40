import CoinWatchSupport
import CoinWatchTransport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
import FoundationEssentials
import CoinWatchChart
import Synchronization

/// The chart images of a pass's alerts (SPEC §12), history loaded as `show` loads it, at most once a
/// pass per coin, currency and range; a chart that cannot be made is one stderr line.
package final class AlertCharts: Sendable {
    private let providers: [ProviderConfig]
    private let transport: any HTTPTransport
    private let environment: [String: String]
    private let storePath: String?
    private let warn: @Sendable (String) -> Void
    /// The points loaded this pass (or why there are none) by provider, coin, currency and range,
    /// and the pass's instant: a later one (the next pass of a loop, `stream`'s next alert) loads again.
    private let loaded = Mutex<(now: Double, points: [String: Result<[(time: Int64, price: Double)], OneLineError>])>((0, [:]))
    /// Backoffs met by this pass's history requests.
    private let memory = Mutex(ProviderMemory())
    /// The canvas the images are drawn on, one after another; an image wanted while it is busy (`stream`'s
    /// sinks) gets a canvas of its own.
    private let canvas = Mutex(ChartCanvas())

    /// `storePath`: the history store (nil: none, every load asks the provider); `warn` gets each
    /// stderr line, newline included.
    package init(providers: [ProviderConfig], transport: any HTTPTransport, environment: [String: String],
                storePath: String?, warn: @escaping @Sendable (String) -> Void) {
        self.providers = providers
        self.transport = transport
        self.environment = environment
        self.storePath = storePath
        self.warn = warn
    }

    /// The PNG of `range` for `alerts` at `now` (seconds since 1970) with `levels` as lines, when they
    /// are about one coin in one currency (not a ratio nor the portfolio: no coin's price to draw, and no
    /// line said); nil (one stderr line) when it cannot be made.
    package func png(for alerts: [Alert], range: ChartRange, levels: [Double], now: Double) -> [UInt8]? {
        guard let alert = alerts.last, RuleCoin.isOneCoin(alert.coin),
              alerts.allSatisfy({ $0.coin == alert.coin && $0.vs == alert.vs }) else { return nil }
        let name = ProviderName(rawValue: alert.provider) ?? ProviderRegistry.fallback
        let key = [name.rawValue, alert.coin, alert.vs, range.rawValue].joined(separator: " ")
        let without = { (reason: OneLineError) in
            self.warn("coinwatch: warning: no \(range.rawValue) chart for \(alert.symbol.uppercased())/\(alert.vs.uppercased()): "
                      + "\(reason.message); its alerts go without one\n")
        }
        let points: Result<[(time: Int64, price: Double)], OneLineError>
        let known = loaded.withLock { memo -> Result<[(time: Int64, price: Double)], OneLineError>? in
            if memo.now != now { memo = (now, [:]) }
            return memo.points[key]
        }
        if let known {
            points = known
        } else {
            let quote = Quote(providerID: alert.coin, symbol: alert.symbol, name: alert.name, vs: alert.vs, price: alert.price,
                              provider: name.rawValue)
            points = load(quote, provider: name, range: range, now: now)
            loaded.withLock { $0.points[key] = points }
            if case .failure(let reason) = points { without(reason) }
        }
        guard case .success(let series) = points else { return nil }
        let direction: PriceChart.Direction? = alert.previous.map { alert.price >= $0 ? .up : .down }
        let draw = { (canvas: ChartCanvas?) in
            ChartImage.png(series, symbol: alert.symbol, vs: alert.vs, range: range, thresholds: levels,
                           marker: (Int64((alert.time * 1000).rounded()), alert.price), direction: direction, on: canvas)
        }
        switch canvas.withLockIfAvailable({ draw($0) }) ?? draw(nil) {
        case .success(let bytes): return bytes
        case .failure(let error):
            without(error)
            return nil
        }
    }

    /// The points of `range` for the quote's coin: the store, then the provider (backoff, 429).
    func load(_ quote: Quote, provider name: ProviderName, range: ChartRange,
              now: Double) -> Result<[(time: Int64, price: Double)], OneLineError> {
        let config = providers.config(name)
        let source = ProviderRegistry.make(config, environment: environment)
        let store = storePath.flatMap { HistoryStore.open(path: $0, now: now) { _ in } }
        let nowMS = Int64((now * 1000).rounded())
        let transport = self.transport
        let result = HistoryLoader(source: source, store: store).load(market: source.historyMarket(for: quote), vs: quote.vs,
                                                                       range: range, now: nowMS) { request in
            memory.withLock { ProviderCall.ask(request, from: source.name, through: transport, memory: &$0, now: now) }
        }
        if let store { try? store.rollUp(now: nowMS) }
        return result.map(\.points)
    }
}
