import CoinWatchSupport
import CoinWatchMarket
import CoinWatchEngine
/// `coinwatch search QUERY [--provider NAME] [--limit N]`: coins matching a text, as a table of
/// id, symbol, name and market-cap rank (CoinGecko `/search`, CoinPaprika `/v1/search`).
enum SearchCommand {
    /// The providers that have a search API (`CoinSearch`), in registry order.
    static let capable = FavoriteAddition.searchable
    /// Rows shown without `--limit`.
    static let defaultLimit = 10

    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let query = context.arguments.positionals.joined(separator: " ").trimmingSpaces
        guard !query.isEmpty else {
            throw context.usage("Error: Missing search text. Usage: \(HelpText.usage(.search))")
        }
        return try WatchSession.run(context) { session throws(ExitCodeError) in
            let provider = session.chosenProvider(among: capable)
            guard capable.contains(provider) else {
                throw context.usage("Error: \(provider.rawValue) has no search; use \(capable.map { "--provider \($0.rawValue)" }.joined(separator: " or ")).")
            }
            let limit = context.arguments.limit ?? defaultLimit
            let found = search(query, provider: provider, limit: limit, session: &session)
            let hits = try session.value(of: found)
            guard !context.arguments.quiet else { return .success }
            let shown = Array(hits.prefix(limit))
            context.io.out(context.arguments.json
                ? json(shown, query: query, provider: provider) + "\n"
                : text(shown, query: query, provider: provider))
            return .success
        }
    }

    /// The hits of `provider`'s search for `query` (at most `limit` asked for where the API takes a limit).
    static func search(_ query: String, provider: ProviderName, limit: Int,
                       session: inout WatchSession) -> Result<[CatalogCoin], ProviderError> {
        FavoriteAddition.search(query, provider: session.provider(provider), limit: limit, transport: session.context.transport,
                                memory: &session.state.memory, now: session.now)
    }

    /// The table: ID, SYMBOL, NAME, RANK in 78 columns.
    static func text(_ hits: [CatalogCoin], query: String, provider: ProviderName) -> String {
        guard !hits.isEmpty else { return "No coin matches '\(query)' on \(provider.rawValue).\n" }
        var out = row("ID", "SYMBOL", "NAME", "RANK")
        for hit in hits {
            out += row(hit.id, hit.symbol, hit.name, hit.rank.map { "#\($0)" } ?? "-")
        }
        return out
    }

    private static func row(_ id: String, _ symbol: String, _ name: String, _ rank: String) -> String {
        TextCell.left(id, 30) + "  " + TextCell.left(symbol, 8) + "  " + TextCell.left(name, 28) + "  "
            + TextCell.right(rank, 6) + "\n"
    }

    /// `{"provider": …, "query": …, "coins": [{"id", "symbol", "name", "rank"}]}`.
    static func json(_ hits: [CatalogCoin], query: String, provider: ProviderName) -> String {
        var doc = JSONOut()
        doc.add("provider", provider.rawValue)
        doc.add("query", query)
        doc.addRaw("coins", JSONOut.array(hits.map { hit in
            var o = JSONOut()
            o.add("id", hit.id)
            o.add("symbol", hit.symbol)
            o.add("name", hit.name)
            o.add("rank", hit.rank)
            return o.text
        }))
        return doc.text
    }
}
