import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
import FoundationEssentials

/// The numbers of a decoded state document checked against what coinwatch could have written:
/// times between 1970 and the year 3000 (seconds), prices and amounts finite and ≥ 0, counters ≥ 0.
/// A state with `last_notified: 1e300` or a negative time is refused on load (exit 65, naming the
/// field) instead of crashing a later pass or `state show` in time formatting.
enum StateValidation {
    /// The latest instant a state may hold, in seconds since 1970: 3000-01-01T00:00:00Z.
    static let latestTime: Double = 32_503_680_000
    /// The largest magnitude any other figure may have.
    static let largestFigure: Double = FigureRange.largest

    /// "`pairs["r|bitcoin"].last_notified`: 1e+300 is not a time …" for the first bad number, nil when all are sane.
    static func firstProblem(in doc: StateDocument) -> String? {
        var check = Checker()
        check.run(doc)
        return check.problem
    }

    private struct Checker {
        var problem: String?

        mutating func run(_ doc: StateDocument) {
            if let lastPass = doc.lastPass { time(lastPass, "last_pass") }
            for (key, series) in doc.prices {
                let path = { "prices[\"\(key)\"]" }
                time(series.firstSeen, path() + ".first_seen")
                time(series.coveredFrom, path() + ".covered_from")
                for (index, point) in series.points.enumerated() {
                    time(point.time, "\(path()).points[\(index)][0]")
                    price(point.price, "\(path()).points[\(index)][1]")
                }
                if problem != nil { return }
            }
            for (key, pair) in zip(doc.pairs.keys, doc.pairs.values) {
                let path = { "pairs[\"\(key)\"]" }
                if let value = pair.trueSince { time(value, path() + ".true_since") }
                if let value = pair.lastNotified { time(value, path() + ".last_notified") }
                if let value = pair.lastFired { time(value, path() + ".last_fired") }
                if let value = pair.rearmAt { figure(value, path() + ".rearm_at") }
                if problem != nil { return }
            }
            for (index, entry) in doc.outbox.enumerated() {
                let path = "outbox[\(index)]"
                time(entry.queuedAt, path + ".queued_at")
                if let value = entry.firstAttempt { time(value, path + ".first_attempt") }
                if let value = entry.notBefore { time(value, path + ".not_before") }
                count(entry.attempts, path + ".attempts")
                count(entry.partsDelivered, path + ".parts_delivered")
                for (position, alert) in entry.alerts.enumerated() {
                    self.alert(alert, "\(path).alerts[\(position)]")
                }
            }
            for (key, cached) in doc.memory.quoteCache {
                time(cached.fetchedAt, "quote_cache[\"\(key)\"].fetched_at")
                quote(cached.quote, "quote_cache[\"\(key)\"].quote")
            }
            for (key, until) in doc.memory.backoff { time(until, "backoff[\"\(key)\"]") }
            for (key, until) in doc.memory.unresolved { time(until, "unresolved[\"\(key)\"]") }
            for (key, chart) in doc.memory.charts {
                time(chart.fetchedAt, "charts[\"\(key)\"].fetched_at")
                for (index, value) in chart.prices.enumerated() { price(value, "charts[\"\(key)\"].prices[\(index)]") }
            }
            for (key, listing) in doc.memory.listings { time(listing.fetchedAt, "listings[\"\(key)\"].fetched_at") }
            for (key, window) in doc.memory.windows {
                time(window.open, "windows[\"\(key)\"].open")
                time(window.close, "windows[\"\(key)\"].close")
                figure(window.low, "windows[\"\(key)\"].low")
                figure(window.high, "windows[\"\(key)\"].high")
            }
        }

        mutating func alert(_ alert: Alert, _ path: @autoclosure () -> String) {
            time(alert.time, path() + ".time")
            price(alert.price, path() + ".price")
            if let value = alert.previous { price(value, path() + ".previous") }
            if let value = alert.threshold { figure(value, path() + ".threshold") }
            if let value = alert.change24h { figure(value, path() + ".change_24h") }
            if let value = alert.value { figure(value, path() + ".value") }
        }

        mutating func quote(_ quote: Quote, _ path: @autoclosure () -> String) {
            price(quote.price, path() + ".price")
            for (value, name) in [(quote.change24h, "change24h"), (quote.high24h, "high24h"), (quote.low24h, "low24h"),
                                  (quote.high52w, "high52w"), (quote.low52w, "low52w"), (quote.ath, "ath"),
                                  (quote.atl, "atl"), (quote.volume24h, "volume24h"), (quote.marketCap, "marketCap")] {
                if let value { figure(value, path() + "." + name) }
            }
            for (date, name) in [(quote.athDate, "athDate"), (quote.atlDate, "atlDate"), (quote.time, "time")] {
                if let date { figure(date.timeIntervalSince1970, path() + "." + name) }
            }
        }

        /// Seconds since 1970, from 1970 to the year 3000.
        mutating func time(_ value: Double, _ path: @autoclosure () -> String) {
            guard problem == nil, !(value.isFinite && value >= 0 && value <= latestTime) else { return }
            problem = "`\(path())`: \(value) is not a time coinwatch writes (seconds since 1970, up to the year 3000)"
        }

        /// A price: finite and ≥ 0.
        mutating func price(_ value: Double, _ path: @autoclosure () -> String) {
            guard problem == nil, !(value.isFinite && value >= 0 && value <= largestFigure) else { return }
            problem = "`\(path())`: \(value) is not a price (a finite number from 0 to 1e18)"
        }

        /// Any other figure: finite and of sane size (percentages and thresholds may be negative).
        mutating func figure(_ value: Double, _ path: @autoclosure () -> String) {
            guard problem == nil, !(value.isFinite && abs(value) <= largestFigure) else { return }
            problem = "`\(path())`: \(value) is not a finite number of sane size (at most 1e18)"
        }

        mutating func count(_ value: Int, _ path: @autoclosure () -> String) {
            guard problem == nil, value < 0 else { return }
            problem = "`\(path())`: \(value) is not a count (expected 0 or more)"
        }
    }
}
