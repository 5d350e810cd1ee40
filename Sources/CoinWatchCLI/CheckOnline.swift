import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
import CoinWatchEngine
/// `coinwatch check --online`: resolves what each provider is asked for (`DataPlan.asked`), names
/// coins sharing a symbol and remembers the resolutions in state; exit 1 when a favorite is unknown.
enum CheckOnline {
    /// `plan` is `check`'s, printed above the resolutions.
    static func run(_ context: CommandContext, plan: Plan) throws(ExitCodeError) -> ExitCode {
        let rules = plan.rules
        let sources = RunCommand.makePass(context, rules: rules).fetcher.sources
        // A provider only a premium or a rule's own `provider` names is checked for those coins only (SPEC §1).
        let asked = DataPlan(rules).asked(failover: sources.filter(\.failover).map(\.provider.name), serves: QuoteFetcher.serves)
        let reports = try context.updateState { state in
            var reports: [FavoriteResolver.ProviderReport] = []
            for vs in asked.map(\.vs).uniqued() {
                let here = asked.filter { $0.vs == vs }
                let names = Set(here.map(\.provider))
                let coins = here.flatMap(\.coins).uniqued()
                let resolver = FavoriteResolver(sources: sources.filter { names.contains($0.provider.name) }, transport: context.transport)
                for var report in resolver.resolve(coins, vs: vs, memory: &state.memory, now: context.clock.now().timeIntervalSince1970) {
                    let mine = Set(here.first { $0.provider == report.provider }?.coins ?? [])
                    report.resolutions.removeAll { !mine.contains($0.favorite) }
                    report.vs = vs
                    reports.append(report)
                }
            }
            for report in reports {
                if let failure = report.failure { context.io.err("coinwatch: \(failure.message)\n") }
                for resolution in report.resolutions {
                    guard let coin = resolution.coin else { continue }
                    state.memory.resolved[report.provider, default: [:]][resolution.favorite] = coin.id
                    state.memory.unresolved[QuoteFetcher.unresolvedKey(provider: report.provider, favorite: resolution.favorite)] = nil
                }
            }
            print(reports, plan: plan, context: context)
            return reports
        }
        let unknown = asked.flatMap(\.coins).uniqued().filter { coin in
            !reports.contains { $0.resolutions.contains { $0.favorite == coin && $0.coin != nil } }
        }
        guard unknown.isEmpty else {
            throw context.fail(.failure, "coinwatch: no provider knows \(unknown.joined(separator: ", ")); use a provider id, symbol or name")
        }
        return .success
    }

    private static func print(_ reports: [FavoriteResolver.ProviderReport], plan: Plan, context: CommandContext) {
        guard !context.arguments.quiet else { return }
        if context.arguments.json {
            context.io.out(plan.json(extra: [("online", json(reports))]) + "\n")
            return
        }
        let rules = plan.rules
        var out = plan.text()
        out += "favorites online (\(rules.vsCurrency)):\n"
        let width = min(24, (rules.favorites.map(TextCell.width).max() ?? 0) + 2)
        for report in reports {
            out += "  \(report.provider)" + (report.vs.map { $0 == rules.vsCurrency ? "" : " (\($0))" } ?? "") + (report.failure.map { ": not reachable (\(TerminalText.clean($0.message)))" } ?? "") + "\n"
            for resolution in report.resolutions {
                out += "    " + resolution.favorite.padding(to: width) + text(resolution) + "\n"
            }
        }
        context.io.out(out)
    }

    /// `bitcoin (BTC, Bitcoin, rank 1) by id; also BTC: bitcoin-bep2 (rank 900), …`, or `not found`;
    /// the provider's ids, symbols and names without control or bidi characters.
    static func text(_ resolution: FavoriteResolver.Resolution) -> String {
        guard let coin = resolution.coin else { return "not found" }
        var line = "\(coin.id) (\(describe(coin)))"
        if let by = resolution.matchedBy { line += " by \(by)" }
        if !resolution.others.isEmpty {
            let shown = resolution.others.prefix(5).map { other in other.rank.map { "\(other.id) (rank \($0))" } ?? other.id }
            let more = resolution.others.count > 5 ? ", and \(resolution.others.count - 5) more" : ""
            line += "; also \(coin.symbol): " + shown.joined(separator: ", ") + more
        }
        return TerminalText.clean(line)
    }

    private static func describe(_ coin: CatalogCoin) -> String {
        var parts = [coin.symbol]
        if coin.name != coin.symbol { parts.append(coin.name) }
        if let rank = coin.rank { parts.append("rank \(rank)") }
        return parts.joined(separator: ", ")
    }

    private static func json(_ reports: [FavoriteResolver.ProviderReport]) -> String {
        JSONOut.array(reports.map { report in
            var o = JSONOut()
            o.add("provider", report.provider)
            o.add("vs", report.vs)
            o.add("error", report.failure?.message)
            o.addRaw("favorites", JSONOut.array(report.resolutions.map { resolution in
                var r = JSONOut()
                r.add("favorite", resolution.favorite)
                r.add("id", resolution.coin?.id)
                r.add("symbol", resolution.coin?.symbol)
                r.add("name", resolution.coin?.name)
                r.add("rank", resolution.coin?.rank)
                r.add("matched_by", resolution.matchedBy)
                r.addRaw("others", JSONOut.array(resolution.others.map { other in
                    var c = JSONOut()
                    c.add("id", other.id)
                    c.add("name", other.name)
                    c.add("rank", other.rank)
                    return c.text
                }))
                return r.text
            }))
            return o.text
        })
    }
}
