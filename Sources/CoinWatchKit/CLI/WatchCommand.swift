#if canImport(Glibc)
import Glibc
#endif

/// `coinwatch watch [--once] [--sort KEY]` (SPEC §10): the watchlist as a table (`WatchTable`),
/// printed once (the live view of SPEC §10 is not built yet; `--once` is accepted for it).
/// It shares the cache and backoff; it never notifies or writes pair state.
enum WatchCommand {
    static func run(_ context: CommandContext) -> ExitCode {
        if let extra = context.arguments.positionals.first {
            context.io.err("Error: 'watch' takes no arguments, got '\(TerminalText.clean(extra))'. Usage: \(HelpText.usage(.watch))\n")
            return .usage
        }
        let rules: RulesFile
        switch context.loadRules(tolerateUnsetVariables: true) {
        case .success(let loaded): rules = loaded
        case .failure(let error): return error.code
        }
        let sort = context.arguments.sort ?? .rank
        let (table, code) = fetch(context, rules: rules)
        guard !context.arguments.quiet else { return code }
        if context.arguments.json {
            context.io.out(table.json(table.ordered(by: sort)) + "\n")
        } else {
            let width = context.io.stdoutIsTTY ? columns() : 120
            context.io.out(table.lines(table.ordered(by: sort), width: width, color: context.color)
                .map { $0 + "\n" }.joined())
        }
        return code
    }

    /// The terminal's width in columns; 80 when it cannot say.
    static func columns() -> Int {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// The table now: quotes fetched as a pass would (cache, backoff, failover), the state read.
    /// Exit 1 when no provider quoted some favorite (its row says "no quote").
    static func fetch(_ context: CommandContext, rules: RulesFile) -> (WatchTable, ExitCode) {
        var session = WatchSession.open(context, rules: rules)
        defer { session.finish() }
        let fetched = RunCommand.makePass(context, rules: rules).fetcher
            .fetch(favorites: rules.favorites, vs: rules.vsCurrency, memory: &session.state.memory, now: session.now)
        for failure in fetched.failures { context.io.err("coinwatch: \(failure.message)\n") }
        let table = WatchTable(rules: rules, quotes: fetched.quotes, state: session.state, now: session.now)
        return (table, fetched.missing.isEmpty ? .success : .failure)
    }
}
