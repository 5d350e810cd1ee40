import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
import CoinWatchEngine
/// `coinwatch check --online`: resolves every favorite against the providers, names other coins that
/// share a symbol, and remembers the resolutions in state (so passes ask by id). Exit 1 when some
/// favorite is known to no provider.
enum CheckOnline {
    static func run(_ context: CommandContext, rules: RulesFile) -> ExitCode {
        let sources = RunCommand.makePass(context, rules: rules).fetcher.sources
        var state: StateDocument
        var lock: StateLock?
        do {
            lock = try StateLock.acquire(statePath: context.statePath, timeout: context.lockTimeout)
            state = try StateStore.load(path: context.statePath)
        } catch {
            context.io.err("coinwatch: \(error.message)\n")
            return error.exitCode
        }
        defer { lock?.release() }
        let resolver = FavoriteResolver(sources: sources, transport: context.transport)
        let reports = resolver.resolve(rules.favorites, vs: rules.vsCurrency, memory: &state.memory,
                                       now: context.clock.now().timeIntervalSince1970)
        for report in reports {
            if let failure = report.failure { context.io.err("coinwatch: \(failure.message)\n") }
            for resolution in report.resolutions {
                guard let coin = resolution.coin else { continue }
                state.memory.resolved[report.provider, default: [:]][resolution.favorite] = coin.id
                state.memory.unresolved[QuoteFetcher.unresolvedKey(provider: report.provider, favorite: resolution.favorite)] = nil
            }
        }
        print(reports, rules: rules, context: context)
        let unknown = rules.favorites.filter { favorite in
            !reports.contains { $0.resolutions.contains { $0.favorite == favorite && $0.coin != nil } }
        }
        do {
            try StateStore.save(state, to: context.statePath)
        } catch {
            context.io.err("coinwatch: \(error.message)\n")
            return .failure
        }
        guard unknown.isEmpty else {
            context.io.err("coinwatch: no provider knows \(unknown.joined(separator: ", ")); use a provider id, symbol or name\n")
            return .failure
        }
        return .success
    }

    private static func print(_ reports: [FavoriteResolver.ProviderReport], rules: RulesFile, context: CommandContext) {
        guard !context.arguments.quiet else { return }
        if context.arguments.json {
            context.io.out(Plan(rules: rules).json(extra: [("online", json(reports))]) + "\n")
            return
        }
        var out = Plan(rules: rules).text()
        out += "favorites online (\(rules.vsCurrency)):\n"
        let width = min(24, (rules.favorites.map(\.count).max() ?? 0) + 2)
        for report in reports {
            out += "  \(report.provider)" + (report.failure.map { ": not reachable (\($0.message))" } ?? "") + "\n"
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
