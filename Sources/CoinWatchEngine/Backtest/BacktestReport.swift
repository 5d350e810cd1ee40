import CoinWatchSupport
import CoinWatchRules
/// What `coinwatch backtest` prints (SPEC §8): the text report or the `--json` document.
package struct BacktestReport {
    var backtest: Backtest
    var loaded: [Backtest.LoadedCoin]
    var summary: BacktestSummary
    /// The replay's alerts, made into records only for `--json`.
    var outcome: Backtest.Outcome
    var suggestions: [BacktestTuning.Suggestion]

    /// `{"from","to","step","coins":{…},"rules":[…],"alerts":[…]}` on one line.
    package func json() -> String {
        var out = JSONOut()
        out.add("from", TimeText.iso(backtest.from))
        out.add("to", TimeText.iso(backtest.to))
        out.add("step", TimeText.duration(backtest.step))
        var coins = JSONOut()
        for coin in loaded {
            var entry = JSONOut()
            entry.add("provider", coin.provider)
            entry.add("points", coin.points)
            entry.add("first", coin.first.map(TimeText.iso))
            entry.add("last", coin.last.map(TimeText.iso))
            coins.addRaw(coin.coin, entry.text)
        }
        out.addRaw("coins", coins.text)
        out.addRaw("rules", JSONOut.array(summary.rows.map { row in
            var entry = JSONOut()
            entry.add("rule", row.rule)
            entry.add("coin", row.coin)
            entry.add("fired", row.fired)
            entry.add("resolved", row.resolved)
            entry.add("per_day", (row.perDay * 100).rounded() / 100)
            entry.add("first", row.first.map(TimeText.iso))
            entry.add("last", row.last.map(TimeText.iso))
            return entry.text
        }))
        out.addRaw("alerts", JSONOut.array(outcome.alerts().map(AlertRecord.json)))
        return out.text
    }

    /// The text report, `width` columns wide; `chartOf` names the coin whose chart is drawn.
    package func text(width: Int, chartOf: String?, color: ColorPolicy) -> String {
        let passes = Int(((backtest.to - backtest.from) / max(backtest.step, 1)).rounded(.down)) + 1
        var lines = ["backtest \(TimeText.iso(backtest.from)) to \(TimeText.iso(backtest.to)) "
                     + "(\(TimeText.duration(backtest.to - backtest.from))), a pass every \(TimeText.duration(backtest.step)), \(passes) pass\(passes == 1 ? "" : "es")"]
        for coin in loaded {
            lines.append("  \(coin.coin): \(coin.points) point\(coin.points == 1 ? "" : "s") from \(coin.provider)"
                         + (coin.first.map { " \(TimeText.iso($0))" } ?? "") + (coin.last.map { " to \(TimeText.iso($0))" } ?? "")
                         + " (\(coin.requests) request\(coin.requests == 1 ? "" : "s"))")
        }
        lines.append("")
        let header = ["RULE", "COIN", "FIRED", "RESOLVED", "PER DAY", "FIRST", "LAST", "LONGEST QUIET"]
        var table = [header]
        for row in summary.rows {
            table.append([row.rule, row.coin, String(row.fired), String(row.resolved), NumberText.fixed(row.perDay, decimals: 2, grouped: false),
                          row.first.map(TimeText.iso) ?? "-", row.last.map(TimeText.iso) ?? "-", TimeText.duration(row.longestQuiet)])
        }
        let widths = header.indices.map { column in table.map { TextCell.width($0[column]) }.max() ?? 0 }
        for (index, cells) in table.enumerated() {
            lines.append(cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell : cell.padding(to: widths[column] + 2)
            }.joined())
            if index > 0 { lines.append("  " + strip(summary.rows[index - 1].fires, width: max(10, width - 2))) }
        }
        if let coin = chartOf, let series = backtest.series[coin], let row = summary.rows.first(where: { $0.coin == coin }) {
            let fromMs = Int64((backtest.from * 1000).rounded())
            let points = zip(series.times, series.prices).filter { $0.0 >= fromMs }.map { (time: $0.0, price: $0.1) }
            let chart = LineChart(points: points, width: width) { NumberText.money($0, vs: backtest.rules.vsCurrency) }
            lines.append("")
            lines.append("\(row.rule) on \(coin): price with the fires marked ▲")
            var drawn = chart.lines(color: color)
            drawn.insert(chart.markerLine(at: row.fires.map { Int64(($0 * 1000).rounded()) }), at: max(0, drawn.count - 1))
            lines += drawn  // the marks right under the plot, above the time labels
        }
        if !suggestions.isEmpty {
            lines.append("")
            lines.append("Rules firing more than \(JSONOut.number(BacktestTuning.limit)) times a day:")
            for suggestion in suggestions {
                var options: [String] = []
                if let cooldown = suggestion.cooldown {
                    options.append("\"cooldown\": \"\(TimeText.duration(cooldown.seconds))\" (\(NumberText.fixed(cooldown.perDay, decimals: 2, grouped: false)) a day)")
                }
                if let rearm = suggestion.rearm {
                    options.append("\"rearm\": \(JSONOut.number(rearm.percent)) (\(NumberText.fixed(rearm.perDay, decimals: 2, grouped: false)) a day)")
                }
                let advice = options.isEmpty ? "no cooldown up to 24h nor rearm up to 5% brings it to 4 a day; rethink the threshold"
                    : "try " + options.joined(separator: " or ")
                lines.append("  \(suggestion.rule): \(NumberText.fixed(suggestion.perDay, decimals: 2, grouped: false)) a day; \(advice)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The span as `width` cells: `·` quiet, `|` one fire, `#` several.
    func strip(_ fires: [Double], width: Int) -> String {
        var counts = [Int](repeating: 0, count: width)
        let span = max(backtest.to - backtest.from, 1)
        for time in fires {
            let cell = Int(((time - backtest.from) / span * Double(width)).rounded(.down))
            counts[min(max(cell, 0), width - 1)] += 1
        }
        return String(counts.map { $0 == 0 ? "·" : $0 == 1 ? "|" : "#" })
    }

    package init(backtest: Backtest, loaded: [Backtest.LoadedCoin], summary: BacktestSummary, outcome: Backtest.Outcome, suggestions: [BacktestTuning.Suggestion]) {
        self.backtest = backtest
        self.loaded = loaded
        self.summary = summary
        self.outcome = outcome
        self.suggestions = suggestions
    }
}
