import CoinWatchSupport
import CoinWatchMarket
import CoinWatchEngine
/// `coinwatch show COIN [--range R] [--vs CUR] [--provider NAME] [--png FILE]`: one coin's price card,
/// then a line chart of the range (SPEC §7); `--png` also writes the chart image (§12; `-`: stdout).
enum ShowCommand {
    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let arguments = context.arguments.positionals
        guard arguments.count == 1, let coin = arguments.first, !coin.trimmingSpaces.isEmpty else {
            let problem = arguments.count > 1 ? "Too many coins (\(arguments.count)); show takes one" : "Missing coin"
            throw context.usage("Error: \(problem). Usage: \(HelpText.usage(.show))")
        }
        return try WatchSession.run(context) { session throws(ExitCodeError) in
            let vs = context.arguments.vs ?? session.rules.vsCurrency
            let provider = session.chosenProvider(among: ProviderName.allCases)
            let shown: ShowCard.Shown
            if let source = session.provider(provider) as? any CardSource {
                shown = try ShowCard.load(coin.trimmingSpaces, vs: vs, from: source, config: session.rules.providers.config(provider), session: &session)
            } else {
                shown = try quoteOnly(coin.trimmingSpaces, vs: vs, provider: provider, session: &session)
            }
            if let note = shown.warning { context.io.err("coinwatch: warning: \(note)\n") }
            var chart: (range: ChartRange, points: [(time: Int64, price: Double)])?
            var failed = false
            // SPEC §7: without `--range` the chart is the 7-day one; a chart asked for by
            // name (or as an image) fails the command when it cannot be drawn, the default one only warns.
            let range = context.arguments.range ?? ShowChart.defaultRange
            let png = context.arguments.png
            switch ShowChart.load(range, quote: shown.card.quote, provider: provider, session: &session) {
            case .success(let loaded): chart = (range, loaded.points)
            case .failure(let error) where context.arguments.range == nil && png == nil:
                context.io.err("coinwatch: warning: \(error.message); the card is shown without its \(range.rawValue) chart\n")
            case .failure(let error):
                context.io.err("coinwatch: \(error.message)\n")
                failed = true
            }
            if let png, let chart {
                guard ShowChart.writeImage(chart.points, range: chart.range, quote: shown.card.quote, to: png, io: context.io) else {
                    return .failure
                }
                if png == "-" { return .success }
            }
            guard !context.arguments.quiet, png != "-" else { return failed ? .failure : .success }
            if context.arguments.json {
                context.io.out(shown.card.json(cachedAt: shown.cachedAt, chart: chart) + "\n")
            } else {
                var text = shown.card.text(color: context.color)
                if let chart {
                    text += "\n" + ShowChart.text(chart.points, range: chart.range, vs: shown.card.quote.vs,
                                                  width: ShowChart.width(context.io.environment), color: context.color)
                }
                context.io.out(text)
            }
            return failed ? .failure : .success
        }
    }

    /// A card from a provider that serves none (`CardSource`), through the alert passes' fetcher
    /// (cache, backoff, 429); it has no chart.
    private static func quoteOnly(_ coin: String, vs: String, provider name: ProviderName,
                                  session: inout WatchSession) throws(ExitCodeError) -> ShowCard.Shown {
        let fetcher = QuoteFetcher(sources: [QuoteFetcher.Source(provider: session.provider(name), config: session.rules.providers.config(name))],
                                   transport: session.context.transport)
        let outcome = fetcher.fetch(favorites: [coin], vs: vs, memory: &session.state.memory, now: session.now)
        guard let quote = outcome.quotes[coin] else {
            let reason = outcome.failures.map { session.describe($0) }.joined(separator: "; ")
            throw session.context.fail(.failure, "coinwatch: "
                + (reason.isEmpty ? "\(name.rawValue) has no quote for '\(coin)' in \(vs)" : reason))
        }
        let others = ProviderRegistry.list(ProviderRegistry.names { $0 is any CardSource })
        let card = PriceCard(quote: quote, sparkline: [], chartNote: "no chart from \(name.rawValue); \(others) has one")
        return ShowCard.Shown(card: card)
    }
}
