import CoinWatchSupport
import CoinWatchRules
import Glibc

/// `coinwatch watch` (SPEC §10): the watchlist table (`WatchTable`), printed once with `--once`, `--json`
/// or off a terminal, else a live view; it never notifies or writes pair state.
enum WatchCommand {
    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let rules = try context.loadRules(tolerateUnsetVariables: true)
        let sort = context.arguments.sort ?? .rank
        let live = !context.arguments.once && !context.arguments.json && context.io.stdoutIsTTY && isatty(0) == 1
        guard live else {
            let (table, code) = fetch(context, rules: rules)
            guard !context.arguments.quiet else { return code }
            if context.arguments.json {
                context.io.out(table.json(table.ordered(by: sort)) + "\n")
            } else {
                let width = context.io.stdoutIsTTY ? WatchTerminal.size().columns : 120
                context.io.out(table.lines(table.ordered(by: sort), width: width, color: context.color)
                    .map { $0 + "\n" }.joined())
            }
            return code
        }
        return try liveView(context, rules: rules, sort: sort)
    }

    /// The table now, quotes fetched as a pass would (`fresh`: whatever the cache holds); exit 1 when no
    /// provider quoted some favorite.
    static func fetch(_ context: CommandContext, rules: RulesFile, fresh: Bool = false) -> (WatchTable, ExitCode) {
        var session = WatchSession.open(context, rules: rules)
        defer { session.finish() }
        var fetcher = RunCommand.makePass(context, rules: rules).fetcher
        if fresh { fetcher.maxCacheAge = 0 }
        let fetched = fetcher.fetch(favorites: rules.favorites, vs: rules.vsCurrency, memory: &session.state.memory, now: session.now)
        for failure in fetched.failures { context.io.err("coinwatch: \(failure.message)\n") }
        let table = WatchTable(rules: rules, quotes: fetched.quotes, state: session.state, now: session.now)
        return (table, fetched.missing.isEmpty ? .success : .failure)
    }
}
