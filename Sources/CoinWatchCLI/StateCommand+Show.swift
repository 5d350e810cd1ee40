import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
extension StateCommand {
    /// One (rule, coin) pair as `state show` reports it.
    struct PairRow {
        var rule: String
        var coin: String
        var pair: PairState
        /// The currency of the coin's recorded prices, when state holds exactly one.
        var vs: String?
        /// The coin's last recorded price in `vs`.
        var lastPrice: Double?

        /// `firing` (fired and not yet re-armed or resolved) or `armed`.
        var status: String { pair.firing ? "firing" : "armed" }
    }

    /// Prints every pair: firing or armed, last notified, last price (text or `--json`).
    static func show(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let path = context.statePath
        let state = try context.loadState()
        let rows = state.pairs.map { key, pair in
            let (rule, coin) = StateDocument.splitPairKey(key)
            let vs = currency(of: coin, in: state)
            let lastPrice = vs.flatMap { state.prices[StateDocument.priceKey(coin: coin, vs: $0)]?.points.last?.price }
            return PairRow(rule: rule, coin: coin, pair: pair, vs: vs, lastPrice: lastPrice)
        }.sorted { ($0.rule, $0.coin) < ($1.rule, $1.coin) }
        let history = historySummary(Paths.historyStore(environment: context.io.environment))
        if context.arguments.json {
            context.io.out(json(rows, state: state, path: path, history: history) + "\n")
        } else if !context.arguments.quiet {
            context.io.out(text(rows, state: state, path: path, history: history))
        }
        return .success
    }

    /// The history store's size and series count (SPEC §7), nil when there is none yet; the series
    /// count is nil when the store cannot be read now (locked, damaged: `show --range` repairs it).
    static func historySummary(_ path: String) -> HistorySummary? {
        guard POSIXFile.exists(path), let store = try? HistoryStore(path: path, busyTimeout: 1) else {
            return POSIXFile.exists(path) ? (path, 0, nil) : nil
        }
        return (path, store.sizeBytes, try? store.seriesCount())
    }

    /// The history store's size and series count, as `historySummary` gives them (nil: no store).
    typealias HistorySummary = (path: String, bytes: Int64, series: Int?)

    static func json(_ rows: [PairRow], state: StateDocument, path: String, history: HistorySummary?) -> String {
        let items = rows.map { row in
            var o = JSONOut()
            o.add("rule", row.rule)
            o.add("coin", row.coin)
            o.add("status", row.status)
            o.add("last_notified", row.pair.lastNotified.map(TimeText.iso))
            o.add("last_fired", row.pair.lastFired.map(TimeText.iso))
            o.add("true_since", row.pair.trueSince.map(TimeText.iso))
            o.add("rearm_at", row.pair.rearmAt)
            o.add("once_sent", row.pair.firedOnce)
            o.add("last_price", row.lastPrice)
            o.add("vs", row.vs)
            return o.text
        }
        var doc = JSONOut()
        doc.add("state", path)
        doc.addRaw("pairs", JSONOut.array(items))
        doc.add("outbox", state.outbox.reduce(0) { $0 + $1.alerts.count })
        doc.add("outbox_retry", state.outbox.filter { !$0.held }.reduce(0) { $0 + $1.alerts.count })
        doc.add("outbox_held", state.outbox.filter(\.held).reduce(0) { $0 + $1.alerts.count })
        if let history {
            var o = JSONOut()
            o.add("path", history.path)
            o.add("bytes", Int(history.bytes))
            o.add("series", history.series)
            doc.addRaw("history_store", o.text)
        }
        return doc.text
    }

    static func text(_ rows: [PairRow], state: StateDocument, path: String, history: HistorySummary?) -> String {
        var out = "\(path): \(rows.count) pair(s), \(outboxText(state.outbox))\n"
        let ruleWidth = min(28, (rows.map { TextCell.width($0.rule) }.max() ?? 0) + 2)
        let coinWidth = min(20, (rows.map { TextCell.width($0.coin) }.max() ?? 0) + 2)
        for row in rows {
            var line = "  " + row.rule.padding(to: ruleWidth) + row.coin.padding(to: coinWidth) + row.status.padding(to: 8)
            line += "last notified " + (row.pair.lastNotified.map(TimeText.iso) ?? "never")
            if let price = row.lastPrice, let vs = row.vs {
                line += "  last price " + NumberText.money(price, vs: vs)
            }
            if let mark = row.pair.rearmAt, let vs = row.vs {
                line += "  re-arms at " + NumberText.money(mark, vs: vs)
            }
            out += line + "\n"
        }
        if let history {
            let megabytes = NumberText.fixed(Double(history.bytes) / 1_048_576, decimals: 1, grouped: true)
            out += "history store \(history.path): \(megabytes) MB, \(history.series.map(String.init) ?? "?") series\n"
        }
        return out
    }

    /// `2 alert(s) in the outbox (1 waiting for a retry, 1 held by quiet hours)`, or `outbox empty`.
    static func outboxText(_ outbox: [OutboxEntry]) -> String {
        let held = outbox.filter(\.held).reduce(0) { $0 + $1.alerts.count }
        let retry = outbox.filter { !$0.held }.reduce(0) { $0 + $1.alerts.count }
        guard held + retry > 0 else { return "outbox empty" }
        var parts: [String] = []
        if retry > 0 { parts.append("\(retry) waiting for a retry") }
        if held > 0 { parts.append("\(held) held by quiet hours") }
        return "\(held + retry) alert(s) in the outbox (" + parts.joined(separator: ", ") + ")"
    }

    /// The currency of `coin`'s recorded prices when state holds exactly one series for it.
    private static func currency(of coin: String, in state: StateDocument) -> String? {
        let prefix = coin.lowercased() + "|"
        let matches = state.prices.keys.filter { $0.hasPrefix(prefix) }
        guard matches.count == 1, let key = matches.first else { return nil }
        return String(key.dropFirst(prefix.count))
    }
}
