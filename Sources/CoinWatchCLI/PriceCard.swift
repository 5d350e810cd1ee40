import CoinWatchSupport
import CoinWatchMarket
import FoundationEssentials

/// The price card of `coinwatch show`: price, 24h change and range, market cap and rank, volume, all-time
/// high and low, and a 7-day sparkline; lines the quote has no data for are left out.
struct PriceCard {
    /// Columns the card fits in.
    static let width = 80
    /// Columns of the label column.
    static let labelWidth = 15

    var quote: Quote
    /// 7-day prices, oldest first; empty when there is no chart.
    var sparkline: [Double]
    /// Why there is no chart, when `sparkline` is empty.
    var chartNote: String?

    /// The card as lines of at most `width` columns (color codes aside).
    func text(color: ColorPolicy) -> String {
        let vs = quote.vs
        let title = "\(quote.name) (\(quote.symbol))  ·  \(quote.providerID) on \(quote.provider)"
        var lines = [color.bold(TextCell.fit(title, Self.width))]
        var price = money(quote.price)
        if let change = quote.change24h { price += "  " + Self.colored(NumberText.percent(change), change, color) + " (24h)" }
        lines.append(row("Price", price))
        if let low = quote.low24h, let high = quote.high24h { lines.append(row("24h range", "\(money(low)) – \(money(high))")) }
        if let cap = quote.marketCap {
            lines.append(row("Market cap", NumberText.abbreviated(cap, vs: vs) + (quote.rank.map { "  (rank #\($0))" } ?? "")))
        } else if let rank = quote.rank {
            lines.append(row("Rank", "#\(rank)"))
        }
        if let volume = quote.volume24h { lines.append(row("Volume (24h)", NumberText.abbreviated(volume, vs: vs))) }
        if let ath = quote.ath { lines.append(row("All-time high", extreme(ath, date: quote.athDate))) }
        if let atl = quote.atl { lines.append(row("All-time low", extreme(atl, date: quote.atlDate))) }
        lines += chart(color: color)
        if let time = quote.time { lines.append(row("As of", TimeText.iso(time.timeIntervalSince1970))) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The chart lines: the maximum above the blocks, the minimum and the 7-day change below.
    private func chart(color: ColorPolicy) -> [String] {
        guard let low = sparkline.min(), let high = sparkline.max(), let first = sparkline.first,
              let last = sparkline.last else {
            return chartNote.map { [row("7 days", $0)] } ?? []
        }
        let blocks = Sparkline.draw(sparkline, width: Self.width - Self.labelWidth)
        let drawn = Self.colored(blocks, last - first, color)
        var below = "min " + money(low)
        if first != 0 {
            let change = (last - first) / first * 100
            below += "   " + Self.colored(NumberText.percent(change), change, color) + " over 7 days"
        }
        return [row("7 days", "max " + money(high)), row("", drawn), row("", below)]
    }

    /// `$64,805.00  2021-04-14  -24.31% from it`.
    private func extreme(_ value: Double, date: Date?) -> String {
        var text = TextCell.left(money(value), 14)
        if let date { text += "  " + String(TimeText.iso(date.timeIntervalSince1970).prefix(10)) }
        if value != 0 { text += "  " + NumberText.percent((quote.price - value) / value * 100) + " from it" }
        return text
    }

    private func row(_ label: String, _ value: String) -> String {
        TextCell.left(label, Self.labelWidth) + value
    }

    private func money(_ value: Double) -> String { NumberText.money(value, vs: quote.vs) }

    /// `text` green for a rise, red for a fall.
    static func colored(_ text: String, _ change: Double, _ color: ColorPolicy) -> String {
        change > 0 ? color.green(text) : change < 0 ? color.red(text) : text
    }

    /// The card as one JSON object; `sparkline_7d` is omitted when there is no chart; `chart`
    /// (SPEC §7: `{"range": "30d", "points": [[ms, price], …]}`) is added when given.
    func json(cachedAt: Double?, chart: (range: ChartRange, points: [(time: Int64, price: Double)])?) -> String {
        var o = JSONOut()
        o.add("id", quote.providerID)
        o.add("symbol", quote.symbol)
        o.add("name", quote.name)
        o.add("vs", quote.vs)
        o.add("provider", quote.provider)
        o.add("price", quote.price)
        o.add("change_24h", quote.change24h)
        o.add("high_24h", quote.high24h)
        o.add("low_24h", quote.low24h)
        o.add("market_cap", quote.marketCap)
        o.add("rank", quote.rank)
        o.add("volume_24h", quote.volume24h)
        o.add("ath", quote.ath)
        o.add("ath_date", quote.athDate.map { TimeText.iso($0.timeIntervalSince1970) })
        o.add("ath_change_pct", quote.ath.flatMap { $0 == 0 ? nil : (quote.price - $0) / $0 * 100 })
        o.add("atl", quote.atl)
        o.add("atl_date", quote.atlDate.map { TimeText.iso($0.timeIntervalSince1970) })
        o.add("atl_change_pct", quote.atl.flatMap { $0 == 0 ? nil : (quote.price - $0) / $0 * 100 })
        o.add("time", quote.time.map { TimeText.iso($0.timeIntervalSince1970) })
        if let low = sparkline.min(), let high = sparkline.max() {
            var chart = JSONOut()
            chart.add("min", low)
            chart.add("max", high)
            chart.addRaw("prices", JSONOut.array(sparkline.map(JSONOut.number)))
            o.addRaw("sparkline_7d", chart.text)
        }
        o.add("cached_at", cachedAt.map(TimeText.iso))
        if let chart {
            var section = JSONOut()
            section.add("range", chart.range.rawValue)
            section.addRaw("points", JSONOut.array(chart.points.map { "[\($0.time),\(JSONOut.number($0.price))]" }))
            o.addRaw("chart", section.text)
        }
        return o.text
    }
}
