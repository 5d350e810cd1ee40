import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
import CoinWatchEngine
extension ExplainCommand {
    /// `explain` of a market list rule (SPEC §11, §14): per market of the last list the state holds, its
    /// flags or ending and since when; `coin`: one market, nil: the rule's favorite or every flagged one.
    static func runEvents(_ context: CommandContext, rules: RulesFile, rule: Rule,
                          coin: String?) throws(ExitCodeError) -> ExitCode {
        var only = rules
        only.rules = [rule]
        let providers = RunCommand.makePass(context, rules: rules).fetcher.sources.map(\.provider)
        let (groups, warnings) = MarketEventStage.groups(rules: only, providers: providers, now: -.infinity)
        guard let group = groups.first else {
            for line in warnings { context.io.err("coinwatch: \(line)\n") }
            return .failure
        }
        let session = try WatchSession.explaining(context, rules: rules)
        let memory = session.state.memory
        let listing = memory.listings[MarketListing.eventsKey(provider: group.exchange.name, vs: group.vs)]
        let symbol = { (coin: String) in (memory.symbols[coin.lowercased()] ?? coin).uppercased() }
        // A favorite's rule covers its coin's market, listed or not yet (a pass waits for it, quoting nothing).
        var markets = (listing?.markets ?? []).filter { rule.coin == "*" || $0.base == symbol(rule.coin) }
        if let coin {
            if rule.coin != "*", symbol(coin) != symbol(rule.coin), !markets.contains(where: { $0.code == coin.uppercased() }) {
                throw context.fail(.failure, "coinwatch: rule '\(rule.id)' does not cover '\(SilenceTarget.shown(coin))'. It covers \(rule.coin).")
            }
            markets = markets.filter { $0.code == coin.uppercased() || $0.base == symbol(coin) }
            guard !markets.isEmpty || listing == nil || rule.coin != "*" else {
                throw context.fail(.failure, "coinwatch: \(group.exchange.name) lists no \(group.vs.uppercased()) market "
                    + "'\(SilenceTarget.shown(coin))' (its last list, \(listing.map { TimeText.iso($0.fetchedAt) } ?? "")).")
            }
        } else if rule.coin == "*" {
            markets = markets.filter { $0.flags != nil || $0.ending != nil }
        }
        let shown = markets.map { market in
            let pairKey = StateDocument.pairKey(rule: rule.id, coin: rule.coin == "*" ? market.code : rule.coin)
            return (market: market, lastNotified: session.state.pairs[pairKey]?.lastNotified)
        }
        if context.arguments.json {
            var list = JSONOut()
            list.add("provider", group.exchange.name)
            list.add("vs", group.vs)
            list.add("fetched_at", listing.map { TimeText.iso($0.fetchedAt) })
            list.add("markets", listing.map { $0.markets.count { $0.ending != MarketEventStage.removed } })
            context.io.out(jsonHead(rule, rules: rules) + #","list":"# + list.text
                + #","pairs":"# + JSONOut.array(shown.map { market, lastNotified in
                    var o = JSONOut()
                    o.add("coin", market.code)
                    o.add("symbol", market.base)
                    o.addRaw("flags", JSONOut.array((market.flags ?? []).map(JSONOut.quote)))
                    o.add("ending", market.ending)
                    o.add("since", market.since.map(TimeText.iso))
                    o.add("last_notified", lastNotified.map(TimeText.iso))
                    return o.text
                }) + "}\n")
        } else if !context.arguments.quiet {
            var out = heading(rule, rules: rules)
            if let listing {
                let listed = listing.markets.filter { $0.ending != MarketEventStage.removed }
                out += "  \(group.exchange.name) \(group.vs) market list of \(TimeText.iso(listing.fetchedAt)): \(listed.count) markets, "
                    + "\(listed.count { $0.flags != nil }) flagged, \(listed.count { $0.ending != nil }) ending\n"
            } else {
                out += "  no \(group.exchange.name) \(group.vs) market list yet: the next pass fetches it\n"
            }
            if rule.coin != "*", listing != nil, shown.isEmpty {
                out += "  \(rule.coin)\n    now:   not listed\n"
            }
            for (market, lastNotified) in shown {
                out += "  " + TerminalText.clean(market.code + (market.name.map { " (\($0))" } ?? "")) + "\n"
                out += "    now:   \(nowText(market))" + (market.since.map { " — since \(TimeText.iso($0))" } ?? "") + "\n"
                out += "    last notified: " + (lastNotified.map(TimeText.iso) ?? "never") + "\n"
            }
            context.io.out(out)
        }
        return .success
    }

    /// `flagged: price fluctuations, trading volume soaring`, `ending (2026-12-31)`, `not listed`, `listed, not flagged`;
    /// the exchange's flags and ending without their control and bidi characters.
    static func nowText(_ market: ListedMarket) -> String {
        if market.ending == MarketEventStage.removed { return "not listed (it left the list)" }
        var parts: [String] = []
        if let flags = market.flags { parts.append("flagged: " + MarketFlag.words(flags)) }
        if let ending = market.ending { parts.append("ending (\(ending))") }
        return parts.isEmpty ? "listed, not flagged" : TerminalText.clean(parts.joined(separator: "; "))
    }
}
