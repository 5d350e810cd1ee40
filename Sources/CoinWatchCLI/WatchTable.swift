import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
/// The watchlist of SPEC §10 as rows: per favorite its quote, 7-day change and sparkline, and the state
/// of every rule on the coin; it notifies nothing and writes nothing.
struct WatchTable {
    /// One rule on a coin and its state now.
    struct RuleState {
        var rule: String
        /// `armed`, `pending`, `firing`, `cooldown`, `silenced`, `once_spent`, `expired` or `disabled`.
        var status: String
        /// When the state ends (seconds since 1970): the `for` wait, the cooldown or the silence.
        var until: Double?
    }

    /// One favorite.
    struct Row {
        var coin: String
        var quote: Quote?
        var change7d: Double?
        /// Up to a week of prices, oldest first, for the sparkline.
        var week: [Double]
        var rules: [RuleState]
        /// The coin's `holdings` lots added up; nil when it has none.
        var position: Position?
        /// The exchange's flags on the coin's market (SPEC §14), from the last market list of its
        /// quote's exchange; nil: none, or not an exchange's quote.
        var flags: [String]?
        /// Why that market is ending (a delisting date, a status other than trading); nil: it trades on.
        var ending: String?

        /// Whether the row is marked: its market is flagged or ending.
        var marked: Bool { flags != nil || ending != nil }

        /// The holding's worth at the quote's price, in `vs_currency`; nil without a quote or a holding.
        var value: Double? {
            guard let position, let price = quote?.price else { return nil }
            return position.amount * price
        }
    }

    /// `--sort` keys, in the order `s` steps through them.
    enum SortKey: String, CaseIterable {
        case rank, change, name, price, value
    }

    static let week: Double = 7 * 86_400

    var time: Double
    var vs: String
    var rows: [Row]
    /// Whether rules.json has `holdings` (the table then shows the amount and value columns).
    var hasHoldings: Bool

    /// The table at `now` for `rules`' favorites from `quotes` and `state`.
    init(rules: RulesFile, quotes: [String: Quote], state: StateDocument, now: Double) {
        time = now
        vs = rules.vsCurrency
        let silences = SilenceIndex(state.silences, now: now)
        let positions = Position.positions(rules.holdings)
        hasHoldings = !positions.isEmpty
        rows = rules.favorites.map { (coin: String) -> Row in
            let series: PriceSeries? = state.prices[StateDocument.priceKey(coin: coin, vs: rules.vsCurrency)]
            let points: [PricePoint] = series?.points ?? []
            let recent = points.filter { $0.time >= now - Self.week }
            var week = recent.map(\.price)
            if let quote = quotes[coin],
               let chart = state.memory.charts[ShowCard.chartKey(quote.provider, vs: rules.vsCurrency, id: quote.providerID)],
               chart.prices.count > week.count {
                week = chart.prices
            }
            var change7d: Double?
            if let series, series.covers(Self.week, now: now), let first = recent.first, first.price != 0,
               let price = quotes[coin]?.price ?? series.last?.price {
                change7d = (price - first.price) / first.price * 100
            }
            let states = rules.rules(covering: coin).map { rule, pairCoin in
                Self.state(of: rule, coin: pairCoin, rules: rules, state: state, silences: silences, now: now)
            }
            let market = quotes[coin].flatMap { Self.market(of: $0, memory: state.memory) }
            return Row(coin: coin, quote: quotes[coin], change7d: change7d, week: week, rules: states,
                       position: positions[coin], flags: market?.flags, ending: market?.ending)
        }
    }

    /// The market of `quote` on its exchange's last list (the exchange events' list, else the listing
    /// that serves favorites, which carries Upbit's flags too); nil for a provider without one.
    static func market(of quote: Quote, memory: ProviderMemory) -> ListedMarket? {
        let keys = [MarketListing.eventsKey(provider: quote.provider, vs: quote.vs), MarketListing.key(provider: quote.provider, vs: quote.vs)]
        for key in keys {
            if let market = memory.listings[key]?.markets.first(where: { $0.code == quote.providerID }) { return market }
        }
        return nil
    }

    /// A rule's state on `coin` as `explain` reads it, without judging the condition again.
    static func state(of rule: Rule, coin: String, rules: RulesFile, state: StateDocument, silences: SilenceIndex,
                      now: Double) -> RuleState {
        var policy = NotifyPolicy(rule: rule, defaults: rules.defaults)
        policy.silencedUntil = silences.until(rule: rule.id, coin: coin)
        let pair = state.pairs[StateDocument.pairKey(rule: rule.id, coin: coin)] ?? PairState()
        let explained = PairExplanation(pair: pair, policy: policy, condition: rule.condition, rearm: rule.rearm,
                                        enabled: rule.enabled, expiresAt: rule.expires?.timeIntervalSince1970,
                                        outcome: nil, now: now)
        let t = explained.timers
        let until: Double? = switch explained.status {
        case "silenced": t.silencedUntil
        case "pending": t.pendingUntil
        case "cooldown": t.cooldownUntil
        default: nil
        }
        return RuleState(rule: rule.id, status: explained.status, until: until)
    }

    /// The rows ordered by `key` (rank: the favorites' order where no rank is known; value: the
    /// holding's worth, largest first, unheld coins after in rank order); `filter` keeps rows whose coin, symbol or name contains it.
    func ordered(by key: SortKey, filter: String = "") -> [Row] {
        let needle = filter.lowercased()
        let kept = needle.isEmpty ? rows : rows.filter { row in
            [row.coin, row.quote?.symbol ?? "", row.quote?.name ?? ""].contains { $0.lowercased().contains(needle) }
        }
        let indexed = Array(kept.enumerated())
        func rank(_ row: Row) -> Int { row.quote?.rank ?? Int.max }
        let sorted: [(offset: Int, element: Row)]
        switch key {
        case .rank: sorted = indexed.sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
        case .value:
            sorted = indexed.sorted {
                ($0.element.value ?? -.infinity, -rank($0.element), -$0.offset) > ($1.element.value ?? -.infinity, -rank($1.element), -$1.offset)
            }
        case .change:
            sorted = indexed.sorted { ($0.element.quote?.change24h ?? -.infinity, -$0.offset) > ($1.element.quote?.change24h ?? -.infinity, -$1.offset) }
        case .name: sorted = indexed.sorted { ($0.element.coin.lowercased(), $0.offset) < ($1.element.coin.lowercased(), $1.offset) }
        case .price:
            sorted = indexed.sorted { ($0.element.quote?.price ?? -.infinity, -$0.offset) > ($1.element.quote?.price ?? -.infinity, -$1.offset) }
        }
        return sorted.map(\.element)
    }

    /// The table as text lines at most `width` columns wide; narrower terminals drop columns rather
    /// than wrap, and `holdings` adds amount, value (and from 120 columns cost and P&L) and a total.
    func lines(_ rows: [Row], width: Int, color: ColorPolicy) -> [String] {
        // The holdings columns take 28 columns (64 with cost and P&L) and come before the sparkline and the rules.
        let showHolding = hasHoldings && width >= 84
        let showPnl = showHolding && width >= 120
        let extra = showPnl ? 64 : showHolding ? 28 : 0
        let showName = width >= 60, show7d = width >= 50, showSpark = width >= 72 + extra, showRules = width >= 90 + extra
        let show24h = width >= 33
        let priceWidth = max(0, min(14, width - 9))
        var header = TextCell.left("SYMBOL", min(8, width)) + (width > 8 ? " " : "")
        if showName { header += TextCell.left("NAME", 14) + " " }
        header += TextCell.right("PRICE", priceWidth)
        if show24h { header += " " + TextCell.right("24H", 8) }
        if show7d { header += " " + TextCell.right("7D", 8) }
        if showHolding { header += " " + TextCell.right("HOLDING", 12) + " " + TextCell.right("VALUE", 14) }
        if showPnl { header += " " + TextCell.right("COST", 14) + " " + TextCell.right("P&L", 20) }
        let beforeSpark = TextCell.width(header)
        if showSpark { header += "  " + TextCell.left("7 DAYS", 14) }
        if showRules { header += "  RULES" }
        var out = [TextCell.fit(header, width)]
        for row in rows {
            // A flagged or ending market: `!` after the symbol (SPEC §14; `explain` says more).
            let symbol = (row.quote?.symbol.uppercased() ?? row.coin) + (row.marked ? "!" : "")
            var line = TextCell.left(symbol, min(8, width)) + (width > 8 ? " " : "")
            if showName { line += TextCell.left(row.quote?.name ?? row.coin, 14) + " " }
            line += TextCell.right(row.quote.map { NumberText.money($0.price, vs: vs) } ?? "no quote", priceWidth)
            if show24h { line += " " + Self.change(row.quote?.change24h, color: color) }
            if show7d { line += " " + Self.change(row.change7d, color: color) }
            if showHolding {
                line += " " + TextCell.right(row.position.map { NumberText.plain($0.amount) } ?? "", 12)
                    + " " + TextCell.right(row.value.map { Self.money($0, vs: vs, columns: 14) } ?? "", 14)
            }
            if showPnl { line += " " + pnlCells(value: row.value, cost: row.position?.cost, color: color) }
            if showSpark { line += "  " + TextCell.left(Sparkline.draw(row.week, width: 14), 14) }
            if showRules {
                let used = beforeSpark + (showSpark ? 16 : 0) + 2
                line += "  " + TextCell.fit(row.rules.map(Self.ruleText).joined(separator: ", "), max(0, width - used))
            }
            out.append(line)
        }
        if showHolding, let total = Self.total(rows) {
            var line = TextCell.left("TOTAL", min(8, width)) + " " + (showName ? String(repeating: " ", count: 15) : "")
                + String(repeating: " ", count: priceWidth + 9 + 9 + 14)
                + TextCell.right(Self.money(total.value, vs: vs, columns: 14), 14)
            if showPnl { line += " " + pnlCells(value: total.value, cost: total.cost, color: color) }
            out.append(line)
        }
        return out
    }

    /// The COST and P&L cells (15 + 21 columns): `$25,000.00` and `+$5,000.00 +20.00%`, green up and red down.
    private func pnlCells(value: Double?, cost: Double?, color: ColorPolicy) -> String {
        guard let value, let cost else { return String(repeating: " ", count: 35) }
        let pnl = value - cost
        var text = (pnl >= 0 ? "+" : "-") + Self.money(abs(pnl), vs: vs, columns: 11)
        if cost > 0 { text += " " + NumberText.percent(pnl / cost * 100) }
        return TextCell.right(Self.money(cost, vs: vs, columns: 14), 14) + " " + PriceCard.colored(TextCell.right(text, 20), pnl, color)
    }

    /// `value` as money (`$30,000.00`), abbreviated (`$1.52B`) when that is wider than `columns`.
    static func money(_ value: Double, vs: String, columns: Int) -> String {
        let text = NumberText.money(value, vs: vs)
        return TextCell.width(text) > columns ? NumberText.abbreviated(value, vs: vs) : text
    }

    /// `btc-100k armed`, `dip cooldown until 14:05`.
    static func ruleText(_ rule: RuleState) -> String {
        var text = rule.rule + " " + (rule.status == "once_spent" ? "once spent" : rule.status)
        if let until = rule.until { text += " until " + TimeText.clock(until, local: true) }
        return text
    }

    /// A change in percent right-aligned in 8 columns, green up and red down where color is on;
    /// `missing` without one.
    static func change(_ value: Double?, color: ColorPolicy, missing: String = "–") -> String {
        guard let value else { return TextCell.right(missing, 8) }
        return PriceCard.colored(TextCell.right(NumberText.percent(value), 8), value, color)
    }

    /// SPEC §10's JSON document of `rows`.
    func json(_ rows: [Row]) -> String {
        var doc = JSONOut()
        doc.add("time", TimeText.iso(time))
        doc.addRaw("rows", JSONOut.array(rows.map { row in
            var o = JSONOut()
            Self.addQuoteFields(of: row, to: &o)
            o.add("change_7d", orNull: row.change7d)
            o.addRaw("flags", row.flags.map { JSONOut.array($0.map(JSONOut.quote)) } ?? "null")
            o.add("ending", row.ending)
            if let position = row.position, let value = row.value {
                o.addRaw("holding", Self.holdingJSON(value: value, cost: position.cost, amount: position.amount))
            } else {
                o.addRaw("holding", "null")
            }
            o.addRaw("rules", JSONOut.array(row.rules.map { rule in
                var r = JSONOut()
                r.add("rule", rule.rule)
                r.add("status", rule.status)
                r.add("until", rule.until.map(TimeText.iso))
                return r.text
            }))
            return o.text
        }))
        doc.addRaw("total", Self.total(rows).map { Self.holdingJSON(value: $0.value, cost: $0.cost, amount: nil) } ?? "null")
        return doc.text
    }

    /// The held rows' value and cost added up; nil when none is held or a held one has no quote.
    static func total(_ rows: [Row]) -> (value: Double, cost: Double)? {
        let held = rows.filter { $0.position != nil }
        let values = held.compactMap(\.value)
        guard !held.isEmpty, values.count == held.count else { return nil }
        return (values.reduce(0, +), held.reduce(0) { $0 + ($1.position?.cost ?? 0) })
    }

    /// Adds the row's `coin`, `symbol`, `name`, `price` and `change_24h` to `o` (null figures without a
    /// quote): the fields `watch --json` and `favorites list --json` share.
    static func addQuoteFields(of row: Row, to o: inout JSONOut) {
        o.add("coin", row.coin)
        o.add("symbol", row.quote?.symbol)
        o.add("name", row.quote?.name)
        o.add("price", orNull: row.quote?.price)
        o.add("change_24h", orNull: row.quote?.change24h)
    }

    /// `{"amount", "value", "cost", "pnl", "pnl_pct"}` (no amount for the total; pnl_pct null when it cost nothing).
    static func holdingJSON(value: Double, cost: Double, amount: Double?) -> String {
        var o = JSONOut()
        if let amount { o.add("amount", amount) }
        o.add("value", value)
        o.add("cost", cost)
        o.add("pnl", value - cost)
        if cost > 0 { o.add("pnl_pct", (value - cost) / cost * 100) } else { o.addRaw("pnl_pct", "null") }
        return o.text
    }
}
